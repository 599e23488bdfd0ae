import type { SupportChat } from '@cove/contracts';
import { timeAgo } from '@cove/runtime';
import { Avatar, EmptyState, kit, PagedView } from '@cove/ui';
import { Link } from '@cove/router';
import type { useSupportChats } from '../api/support-chats';
import styles from '../StaffSupport.module.css';

/** The support account's chats, those waiting for an answer first; each opens its thread. */
export function SupportChatList({
  list,
  openId,
}: {
  list: ReturnType<typeof useSupportChats>;
  openId: string | undefined;
}) {
  return (
    <PagedView
      list={list}
      empty={
        <EmptyState icon="📭" title="No support chats yet">
          Freezing an account opens one; people’s messages to support show here.
        </EmptyState>
      }
    >
      {(chats) => (
        <ul className={styles.chats} aria-label="Support chats">
          {chats.map((c) => (
            <ChatRow key={c.chat_id} chat={c} open={c.chat_id === openId} />
          ))}
        </ul>
      )}
    </PagedView>
  );
}

function ChatRow({ chat, open }: { chat: SupportChat; open: boolean }) {
  const name = chat.user.username ?? 'Deleted account';
  return (
    <li>
      <Link
        to={`/account/support-chats/${chat.chat_id}`}
        className={styles.chat}
        aria-current={open ? 'page' : undefined}
      >
        <Avatar name={name} url={chat.user.avatar_url} size={36} />
        <span className={styles.chatText}>
          <span className={styles.chatName}>
            {name}
            {chat.frozen && <span className={styles.badge}>Frozen</span>}
          </span>
          <span className={styles.preview}>{chat.last_message_text ?? ''}</span>
        </span>
        <span className={styles.meta}>
          {chat.last_message_at && <span>{timeAgo(chat.last_message_at)}</span>}
          {chat.unread > 0 && (
            <span className={styles.unread}>
              {chat.unread}
              <span className={kit.srOnly}> unread</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
