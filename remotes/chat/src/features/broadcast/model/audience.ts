import type { BroadcastCategory } from '@cove/contracts';

/** Everyone in the category, only the chosen chats, or everyone but them. */
export type RecipientMode = 'everyone' | 'only' | 'except';

export interface Audience {
  category: BroadcastCategory;
  mode: RecipientMode;
  chosen: readonly string[];
}

/** The send body's and the count query's part that names the recipients (the spec's comma-joined ids). */
export interface AudienceParams {
  category: BroadcastCategory;
  ids?: string;
  except_ids?: string;
}

export function audienceParams({ category, mode, chosen }: Audience): AudienceParams {
  const list = [...chosen].sort().join(',');
  if (mode === 'only') return { category, ids: list };
  // Excepting nobody is everyone: the server is not sent an empty list to read.
  if (mode === 'except' && list) return { category, except_ids: list };
  return { category };
}

/** Nobody would get it: "only chosen chats" with none chosen. */
export function isEmptyAudience(a: Audience): boolean {
  return a.mode === 'only' && a.chosen.length === 0;
}
