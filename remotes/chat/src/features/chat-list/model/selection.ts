/**
 * The chat list's multi-select edit mode, as the spec describes it: either a set of picked ids, or
 * "all" with an except list of ids deselected one by one. Pure, so it is tested without a DOM.
 */
export interface Selection {
  editing: boolean;
  all: boolean;
  /** Picked ids, or with `all` the ones deselected. */
  ids: readonly string[];
}

export const noSelection: Selection = { editing: false, all: false, ids: [] };

const without = (ids: readonly string[], id: string) => ids.filter((i) => i !== id);

/** Entering or leaving edit mode clears the selection. */
export const toggleEditing = (s: Selection): Selection => ({ ...noSelection, editing: !s.editing });

export function toggleOne(s: Selection, id: string): Selection {
  return { ...s, ids: s.ids.includes(id) ? without(s.ids, id) : [...s.ids, id] };
}

export const setAll = (s: Selection): Selection => ({ ...s, all: true, ids: [] });

/** Everything becomes nothing and nothing (or a few) becomes everything. */
export const toggleAll = (s: Selection): Selection => ({ ...s, all: !s.all, ids: [] });

export function isSelected(s: Selection, id: string): boolean {
  return s.all !== s.ids.includes(id);
}

/** How many chats the selection covers, out of `total` in the tab. */
export function selectedCount(s: Selection, total: number): number {
  return s.all ? Math.max(0, total - s.ids.length) : s.ids.length;
}

/** What `PATCH /v1/chats` takes for this selection: ids, or except_ids under "all" (comma-joined). */
export function selectionBody(s: Selection): { ids: string } | { except_ids: string } {
  return s.all ? { except_ids: s.ids.join(',') } : { ids: s.ids.join(',') };
}

/** A successful bulk update clears the picks and the except list, staying in edit mode. */
export const cleared = (s: Selection): Selection => ({ ...s, all: false, ids: [] });
