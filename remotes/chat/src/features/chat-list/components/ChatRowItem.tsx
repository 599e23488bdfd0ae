import { chatPreviewText } from '@cove/contracts';
import { formatMoney, messageTime, useSession } from '@cove/runtime';
import { Avatar, kit } from '@cove/ui';
import { memo, useRef } from 'react';
import { Link } from '@cove/router';
import type { ChatRow } from '../api/get-chat-list';
import { useCarriedFocus, type RowFocus } from './row-focus';
import styles from './ChatList.module.css';

/**
 * One chat in the list: who, their last message (or that they are typing), when, and what is unread.
 * Memoised: a message moving one chat re-renders that row only (a busy inbox moves many a second).
 */
export const ChatRowItem = memo(function ChatRowItem({
  chat,
  typing,
  current,
  selecting,
  selected,
  showSpend,
  onToggle,
  focus,
}: {
  chat: ChatRow;
  typing: boolean;
  current: boolean;
  /** Edit mode: the row is a checkbox, not a link. */
  selecting: boolean;
  selected: boolean;
  /** The creator's option: what the person has spent with her, in dollars. */
  showSpend: boolean;
  onToggle(chatId: string): void;
  focus: RowFocus;
}) {
  const myId = useSession().user?._id ?? '';
  const row = useRef<HTMLLIElement>(null);
  useCarriedFocus(focus, chat.chat_id, row);
  const name = chat.other_user.deleted ? 'Deleted account' : (chat.other_user.username ?? 'Member');
  const unread = chat.unread_messages;
  const body = (
    <>
      <Avatar name={name} url={chat.other_user.avatar_url} online={chat.is_online} />
      <span className={styles.text}>
        <span className={styles.name}>
          {name}
          {chat.is_online && <span className={kit.srOnly}>, online</span>}
          {chat.favorite && (
            <span className={styles.star} aria-label="favorite">
              ★
            </span>
          )}
          {chat.hidden && <span className={styles.hiddenTag}>Hidden</span>}
        </span>
        <span className={typing ? styles.typing : styles.preview}>
          {typing ? 'typing…' : chatPreviewText(chat, myId)}
        </span>
      </span>
      <span className={styles.meta}>
        <span>{messageTime(chat.last_message_time)}</span>
        {showSpend && (
          <span className={styles.spend} aria-label={`Spent ${formatMoney(chat.credits)}`}>
            {formatMoney(chat.credits)}
          </span>
        )}
        {unread > 0 && (
          <span className={styles.unread} aria-label={`${unread} unread`}>
            {unread}
          </span>
        )}
      </span>
    </>
  );
  return (
    <li className={`${styles.row} ${current ? styles.current : ''}`} ref={row}>
      {selecting ? (
        <label className={styles.link}>
          <input
            type="checkbox"
            className={styles.check}
            checked={selected}
            onChange={() => onToggle(chat.chat_id)}
            aria-label={`Select ${name}`}
          />
          {body}
        </label>
      ) : (
        <Link
          to={`/chats/${encodeURIComponent(chat.other_user._id)}`}
          className={styles.link}
          aria-current={current ? 'page' : undefined}
        >
          {body}
        </Link>
      )}
    </li>
  );
});
