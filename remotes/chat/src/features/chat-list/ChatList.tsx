import { chatTab, type Chat, type ChatTab } from '@cove/contracts';
import { messageTime, useHost } from '@cove/runtime';
import { ButtonLink, EmptyState, LoadMore, Page, RequestView, SignInGate, Tabs } from '@cove/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { useChatListEvents } from './chat-list-events';
import { useChatList } from './chat-list-query';
import { chatTabLabels, parseTab } from './chat-tabs';
import styles from './ChatList.module.css';

function Row({ chat }: { chat: Chat }) {
  const name = chat.other_user.username ?? 'Member';
  const unread = chat.unread_messages;
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
          <span>{messageTime(chat.last_message_time)}</span>
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

function Chats({ tab }: { tab: ChatTab }) {
  const { api } = useHost();
  const list = useChatList(api, tab);
  useChatListEvents();
  return (
    <RequestView state={list.state} retry={list.retry}>
      {(chats) =>
        chats.length === 0 ? (
          <EmptyState
            icon="💬"
            title={tab === 'all' ? 'No chats yet' : 'No chats here'}
            actions={<ButtonLink to="/discover">Find creators</ButtonLink>}
          >
            {tab === 'all'
              ? 'Start a conversation from a creator’s profile and it will show up here.'
              : 'No chat matches this filter right now.'}
          </EmptyState>
        ) : (
          <>
            <ul className={styles.list} aria-label="Chats">
              {chats.map((chat) => (
                <Row key={chat.chat_id} chat={chat} />
              ))}
            </ul>
            <LoadMore list={list} />
          </>
        )
      }
    </RequestView>
  );
}

/** `/chats`: the chat list with its tabs; the tab lives in the URL (`?filter=online`). */
export function ChatList() {
  const [params] = useSearchParams();
  const tab = parseTab(params.get('filter'));
  const tabs = chatTab.options.map((id) => ({
    to: id === 'all' ? '/chats' : `/chats?filter=${id}`,
    label: chatTabLabels[id],
    current: id === tab,
  }));
  return (
    <Page title="Chats" subtitle="Your one-to-one conversations with creators and fans.">
      <Tabs label="Chat filters" items={tabs} />
      <SignInGate icon="💬" title="Sign in to see your chats" reason="Your conversations are private to you.">
        <Chats tab={tab} />
      </SignInGate>
    </Page>
  );
}
