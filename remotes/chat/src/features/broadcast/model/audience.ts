import type { Broadcast, BroadcastCategory } from '@cove/contracts';
import { chatTabLabels } from '../../../common/chat-tab-labels';

/** The chat list's tabs, by the names the list shows; its inbox holds all chats. */
export const categoryLabels: Record<BroadcastCategory, string> = { ...chatTabLabels, all: 'All chats' };

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

const chats = (n: number) => `${n} chat${n === 1 ? '' : 's'}`;

/** Whom a sent or scheduled broadcast went to, as its history row names it. */
export function audienceLine(
  b: Pick<Broadcast, 'category' | 'list_name' | 'only_chats' | 'except_chats'>,
): string {
  const list = b.list_name === null ? null : `the “${b.list_name}” list`;
  const base =
    list && b.category === 'all'
      ? list
      : list
        ? `${categoryLabels[b.category]} on ${list}`
        : categoryLabels[b.category];
  if (b.only_chats !== null) return `${base}: only ${chats(b.only_chats)} chosen`;
  if (b.except_chats !== null) return `${base}, except ${chats(b.except_chats)}`;
  return base;
}
