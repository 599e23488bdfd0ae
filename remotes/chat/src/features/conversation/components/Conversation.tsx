import {
  patchChatsResponse,
  type BackTargetState,
  type Chat,
  type ChatUser,
  type Message,
  SUPPORT_USERNAME,
} from '@cove/contracts';
import {
  chatPath,
  errorMessage,
  isApiError,
  useFeature,
  useHost,
  useSession,
  useTypingChats,
} from '@cove/runtime';
import { Avatar, Button, ButtonLink, EmptyState, SignInGate, Spinner, useDocumentTitle } from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@cove/router';
import { chatKey, useChat } from '../api/get-chat';
import { presenceLine } from '../model/presence-line';
import { useLivePresence } from './live-presence';
import { useChatTools } from './use-chat-tools';
import { BlockedNotice, isBlockedChat } from './BlockedNotice';
import { MessageComposer } from './MessageComposer';
import { useConversationEvents } from './conversation-events';
import { useMessageActions } from './use-message-actions';
import { useMessages } from '../api/get-messages';
import { FanPanel } from './FanPanel';
import { NotesPanel } from './NotesPanel';
import { RatePanel } from './RatePanel';
import { ReportPanel } from './ReportPanel';
import { TipPanel } from './TipPanel';
import { Timeline } from './Timeline';
import { ToolsMenu, type Panel } from './ToolsMenu';
import { useSendQueue } from './SendQueues';
import styles from './Conversation.module.css';
import threadStyles from './Thread.module.css';
import fanStyles from './FanPanel.module.css';
import { wideScreen } from '../../../common/wide-screen';

/** Marks the chat read on the server, and in the list beside it. */
function useMarkRead(chat: Chat, onRead: (chatId: string) => void) {
  const { api } = useHost();
  return () => {
    if (document.visibilityState === 'hidden') return;
    onRead(chat.chat_id);
    void api
      .patch('/v1/chats', { action: 'read', ids: chat.chat_id }, { schema: patchChatsResponse })
      .catch(() => undefined);
  };
}

function Thread({ chat, user, onRead }: { chat: Chat; user: ChatUser; onRead(chatId: string): void }) {
  const { api } = useHost();
  const session = useSession();
  const me = session.user;
  const myId = me?._id ?? '';
  const isCreator = me?.type === 'featured';
  const isFan = me?.type === 'user';
  const name = user.username ?? 'Member';
  useDocumentTitle(name);
  const list = useMessages(api, chat.chat_id);
  const client = useQueryClient();
  // A fan's first message in an intro changes what the next one costs.
  const queue = useSendQueue(chat.chat_id, user._id, () => {
    if (chat.is_intro && !chat.intro_ended) void client.invalidateQueries({ queryKey: chatKey(user._id) });
  });
  const actions = useMessageActions(name);
  const tools = useChatTools(chat, name, isCreator);
  const typing = useTypingChats(myId).has(chat.chat_id);
  const connected = useLivePresence(user._id);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const markRead = useMarkRead(chat, onRead);
  const readOnOpen = useRef(markRead);
  useEffect(() => {
    if (chat.unread_messages > 0 || chat.unread_tip) readOnOpen.current();
  }, [chat.chat_id, chat.unread_messages, chat.unread_tip]);
  useConversationEvents({ chatId: chat.chat_id, otherUserId: user._id, myId, onIncoming: markRead });
  const problem = tools.error ?? actions.notice;
  const notice = problem
    ? { text: problem, alert: true }
    : tools.done
      ? { text: tools.done, alert: false }
      : null;
  // A panel opens on its first field.
  const panelBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panelBox.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [panel]);
  const closePanel = () => setPanel(null);
  const tipsOn =
    isFan && user.type === 'featured' && session.config?.features.tips !== false && !isBlockedChat(chat);
  const hasVault = useFeature('vault', true);
  // The fan panel starts open where it fits beside the conversation.
  const [fanOpen, setFanOpen] = useState(() => isCreator && wideScreen());

  return (
    <div className={fanStyles.split}>
      <div
        className={styles.conversation}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && panel) setPanel(null);
        }}
        role="presentation"
      >
        <header className={styles.header}>
          <Link to="/chats" className={styles.back} aria-label="Back to chats">
            ←
          </Link>
          <Avatar name={name} url={user.avatar_url} online={connected && user.is_online} size={40} />
          <div className={styles.who}>
            <h2 className={styles.name}>{name}</h2>
            <p className={styles.status} aria-live="polite">
              {presenceLine({ typing, online: user.is_online, lastOnline: user.last_online, connected })}
            </p>
          </div>
          {tipsOn && (
            <Button
              variant="secondary"
              aria-expanded={panel === 'tip'}
              onClick={() => setPanel(panel === 'tip' ? null : 'tip')}
            >
              Tip
            </Button>
          )}
          {isCreator && (
            <Button variant="secondary" aria-expanded={fanOpen} onClick={() => setFanOpen(!fanOpen)}>
              Fan
            </Button>
          )}
          <ToolsMenu tools={tools} favorite={chat.favorite} isCreator={isCreator} onPanel={setPanel} />
        </header>
        {notice && (
          <p role={notice.alert ? 'alert' : 'status'} className={styles.notice}>
            {notice.text}{' '}
            <button
              type="button"
              className={threadStyles.action}
              onClick={() => {
                tools.dismiss();
                actions.dismissNotice();
              }}
            >
              Dismiss
            </button>
          </p>
        )}
        {panel && (
          <div className={styles.panelWrap} ref={panelBox}>
            {panel === 'tip' && <TipPanel chat={chat} offline={queue.offline} onDone={closePanel} />}
            {panel === 'notes' && <NotesPanel chat={chat} />}
            {panel === 'rate' && <RatePanel chat={chat} tools={tools} onDone={closePanel} />}
            {panel === 'report' && <ReportPanel name={name} tools={tools} onDone={closePanel} />}
            <Button variant="ghost" onClick={closePanel}>
              Close
            </Button>
          </div>
        )}
        <Timeline
          list={list}
          outgoing={queue.outgoing}
          myId={myId}
          otherName={user.username}
          actions={actions}
          typing={typing ? name : null}
          onReply={setReplyTo}
          onRetry={queue.retry}
          onDiscard={queue.discard}
        />
        {isBlockedChat(chat) ? (
          <BlockedNotice chat={chat} name={name} tools={tools} />
        ) : (
          <MessageComposer
            chat={chat}
            isFan={isFan}
            canPrice={isCreator && me?.restricted !== true}
            hasVault={isCreator && hasVault}
            queue={queue}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            frozen={me?.frozen === true && user.username !== SUPPORT_USERNAME}
            hasWritten={
              queue.outgoing.length > 0 ||
              (list.state.status === 'fetched' &&
                list.state.data.some((m) => m.sender_id === myId && !m.system))
            }
          />
        )}
      </div>
      {fanOpen && <FanPanel chat={chat} name={name} onClose={() => setFanOpen(false)} />}
    </div>
  );
}

/**
 * Why a chat cannot open: gone (410), closed to the fan's country (451), a free chat to unlock (402), or
 * the server's refusal. Buying
 * credits to unlock it comes back here (`backTo`).
 */
function Closed({ error, retry, otherUserId }: { error: unknown; retry(): void; otherUserId: string }) {
  const { popups } = useHost();
  const code = isApiError(error) ? error.code : undefined;
  const backTo = chatPath(otherUserId);
  useEffect(() => {
    if (code === 'free_chat_limit') {
      popups.open({
        kind: 'unlock-free-chat',
        message: errorMessage(error),
        backTo,
        purchase: { model_id: otherUserId },
      });
    }
  }, [code, error, popups, backTo, otherUserId]);
  // Neither changes with a retry: the account is gone, or the creator is closed to the fan's country.
  if (code === 'gone' || code === 'region_blocked') {
    return (
      <EmptyState
        icon={code === 'gone' ? '🚪' : '🌍'}
        title={code === 'gone' ? 'This chat is closed' : 'Not available in your country'}
        actions={<ButtonLink to="/chats">Back to chats</ButtonLink>}
      >
        {errorMessage(error)}
      </EmptyState>
    );
  }
  if (code === 'free_chat_limit') {
    return (
      <EmptyState
        icon="🔓"
        title="Unlock Free Chat"
        actions={
          <ButtonLink
            to="/account/get-credits"
            state={{ backTo, purchase: { model_id: otherUserId } } satisfies BackTargetState}
          >
            Buy Credits
          </ButtonLink>
        }
      >
        {errorMessage(error)}
      </EmptyState>
    );
  }
  return (
    <div role="alert" className={styles.closed}>
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

interface ChatCallbacks {
  /** The chat is open: the list beside it shows it (a new one is added). */
  onOpened(chatId: string): void;
  /** The chat was read here: the list beside it counts nothing unread. */
  onRead(chatId: string): void;
}

function OpenChat({ otherUserId, onOpened, onRead }: { otherUserId: string } & ChatCallbacks) {
  const { api } = useHost();
  const chat = useChat(api, otherUserId);
  const chatId = chat.data?.data.chat_id;
  const opened = useRef(onOpened);
  useEffect(() => {
    opened.current = onOpened;
  });
  useEffect(() => {
    if (chatId) opened.current(chatId);
  }, [chatId]);
  if (chat.data) return <Thread chat={chat.data.data} user={chat.data.user} onRead={onRead} />;
  if (chat.isError) {
    return <Closed error={chat.error} retry={() => void chat.refetch()} otherUserId={otherUserId} />;
  }
  return (
    <div className={styles.closed} role="status" aria-label="Loading">
      <Spinner size={50} />
    </div>
  );
}

/** `/chats/{otherUserId}`: the conversation with one person, opened (or started) on arrival. */
export function Conversation({ otherUserId, ...callbacks }: { otherUserId: string } & ChatCallbacks) {
  return (
    <SignInGate
      icon="🔒"
      title="Sign in to open this chat"
      reason="Messages are only shown to the two people in a chat."
    >
      <OpenChat otherUserId={otherUserId} {...callbacks} />
    </SignInGate>
  );
}
