import { useHost, useRequest } from '@cove/runtime';
import { ButtonLink, EmptyState, Page, RequestView, SignInGate, Tabs } from '@cove/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { chatFilters, parseFilter, type ChatFilter } from './chat-filters';
import styles from './ChatList.module.css';
import { fetchChats, type ChatRow } from './chats-api';
import { timeAgo } from './time-ago';

function Row({ chat }: { chat: ChatRow }) {
  const name = chat.other_user.username ?? 'Member';
  const unread = chat.unread_messages ?? 0;
  return (
    <li className={styles.row}>
      <Link to={`/chats/${encodeURIComponent(chat.other_user._id)}`} className={styles.link}>
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span>
          <span className={styles.name}>{name}</span>
          <br />
          <span className={styles.preview}>{chat.last_message_text ?? ''}</span>
        </span>
        <span className={styles.meta}>
          <span>{timeAgo(chat.last_message_time)}</span>
          {unread > 0 && (
            <span className={styles.unread} aria-label={`${unread} unread`}>
              {unread}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function Chats({ filter }: { filter: ChatFilter }) {
  const { api } = useHost();
  const [state, retry] = useRequest(`chats:${filter}`, (signal) => fetchChats(api, filter, signal));
  return (
    <RequestView state={state} retry={retry}>
      {(page) =>
        page.data.length === 0 ? (
          <EmptyState
            icon="💬"
            title={filter === 'all' ? 'No chats yet' : 'No chats here'}
            actions={<ButtonLink to="/discover">Find creators</ButtonLink>}
          >
            {filter === 'all'
              ? 'Start a conversation from a creator’s profile and it will show up here.'
              : 'No chat matches this filter right now.'}
          </EmptyState>
        ) : (
          <ul className={styles.list} aria-label="Chats">
            {page.data.map((chat) => (
              <Row key={chat._id ?? chat.chat_id ?? chat.other_user._id} chat={chat} />
            ))}
          </ul>
        )
      }
    </RequestView>
  );
}

/** `/chats`: the chat list with its filter tabs; the filter lives in the URL (`?filter=online`). */
export function ChatList() {
  const [params] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const tabs = chatFilters.map((f) => ({
    to: f.id === 'all' ? '/chats' : `/chats?filter=${f.id}`,
    label: f.label,
    current: f.id === filter,
  }));
  return (
    <Page title="Chats" subtitle="Your one-to-one conversations with creators and fans.">
      <Tabs label="Chat filters" items={tabs} />
      <SignInGate icon="💬" title="Sign in to see your chats" reason="Your conversations are private to you.">
        <Chats filter={filter} />
      </SignInGate>
    </Page>
  );
}
