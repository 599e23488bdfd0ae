import { mayEarn } from '@cove/contracts';
import { useSession } from '@cove/runtime';
import { useRefreshOn } from '@cove/runtime/query';
import { chatListKey } from '../api/get-chat-list';
import { chatTotalsKey } from '../api/get-chat-totals';

/**
 * Every event that can move a chat in or out of a tab: a message either way (all, unreplied, sent,
 * recent; fans and VIP when it cost something), a purchase (fans, VIP), a chat's settings (favorite,
 * VIP, hidden), someone's presence (online), a removed last message, a finished broadcast. The totals
 * are the server's one statement (`GET /v1/chats/total`), read again on each: the client derives none.
 */
const totalsNews = [
  'new_message',
  'message_paid',
  'message_deleted',
  'message_hidden',
  'chat_updated',
  'user_online',
  'user_offline',
  'broadcast_done',
] as const;

/**
 * Keeps a creator's tab totals and each row's spend live while the list is shown. Spend is read again
 * with the list when money came in: a purchase, a tip or subscription, or a message in a chat with a
 * rate (`chargedChats`).
 */
export function useLiveChatNumbers(chargedChats: ReadonlySet<string>): void {
  const myId = useSession().user?._id ?? '';
  useRefreshOn(chatTotalsKey, totalsNews);
  useRefreshOn(chatListKey, ['message_paid', 'new_message'], (e) => {
    if (e.type === 'message_paid') return true;
    const m = e.message;
    return mayEarn(m, myId) && (m.system || chargedChats.has(m.chat_id));
  });
}
