import type { BroadcastCategory } from '@cove/contracts';

/** Everyone in the category, only the chosen chats, or everyone but them. */
export type RecipientMode = 'everyone' | 'only' | 'except';

export interface Audience {
  category: BroadcastCategory;
  mode: RecipientMode;
  chosen: readonly string[];
  /** Only the people on this list of hers, when chosen. */
  listId: string | null;
}

/** The send body's and the count query's part that names the recipients (the spec's comma-joined ids). */
export interface AudienceParams {
  category: BroadcastCategory;
  ids?: string;
  except_ids?: string;
  list_id?: string;
}

export function audienceParams({ category, mode, chosen, listId }: Audience): AudienceParams {
  const base = listId ? { category, list_id: listId } : { category };
  const list = [...chosen].sort().join(',');
  if (mode === 'only') return { ...base, ids: list };
  // Excepting nobody is everyone: the server is not sent an empty list to read.
  if (mode === 'except' && list) return { ...base, except_ids: list };
  return base;
}

/** Nobody would get it: "only chosen chats" with none chosen. */
export function isEmptyAudience(a: Audience): boolean {
  return a.mode === 'only' && a.chosen.length === 0;
}
