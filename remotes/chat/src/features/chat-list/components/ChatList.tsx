import type { ChatTab } from '@cove/contracts';
import { useHost, useSession, useTypingChats } from '@cove/runtime';
import {
  Button,
  ButtonLink,
  EmptyState,
  kit,
  LoadMore,
  RequestView,
  SignInGate,
  TabList,
  useDocumentTitle,
} from '@cove/ui';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from '@cove/router';
import { BulkBar } from './BulkBar';
import { ChatRowItem } from './ChatRowItem';
import { useChatListEvents } from './chat-list-events';
import { useLiveChatNumbers } from './live-chat-numbers';
import { useRowFocus } from './row-focus';
import { useChatList, type ChatRow } from '../api/get-chat-list';
import { useChatTotals } from '../api/get-chat-totals';
import { chatTabLabels } from '../../../common/chat-tab-labels';
import { parseTab, tabsFor } from '../model/chat-tabs';
import { isSelected, noSelection, toggleEditing, toggleOne, type Selection } from '../model/selection';
import { useShowSpend } from '../model/spend-option';
import { useSearch } from '../../../common/use-search';
import { ScreenTitle } from '../../../common/ScreenTitle';
import styles from './ChatList.module.css';

/**
 * A chat with a new message is a new row at the top, and the rows it passed keep their elements where
 * they are. Under its old key React would keep the moved row's element and move every row it passed
 * instead: a chat from the bottom of a busy inbox moved the whole list each frame. (Focus goes with
 * the chat: `useRowFocus`.)
 */
const rowKey = (chat: ChatRow) => `${chat.chat_id}:${chat.last_message_id ?? ''}`;

/** Names the browser tab while no conversation is open (an open one names it after the person). */
function ListTitle() {
  useDocumentTitle('Chats');
  return null;
}

function Chats({
  tab,
  search,
  selectedUserId,
  selection,
  onSelection,
  total,
  showSpend,
}: {
  showSpend: boolean;
  tab: ChatTab;
  search: string;
  selectedUserId: string | undefined;
  selection: Selection;
  onSelection(s: Selection): void;
  total: number | undefined;
}) {
  const { api } = useHost();
  const myId = useSession().user?._id;
  const list = useChatList(api, tab, search);
  const typing = useTypingChats(myId);
  useChatListEvents();
  const rows = list.state.status === 'fetched' ? list.state.data : undefined;
  const charged = useMemo(
    () => new Set((rows ?? []).filter((c) => c.credit_rate > 0).map((c) => c.chat_id)),
    [rows],
  );
  useLiveChatNumbers(charged);
  // One toggle for every row, so a row whose chat did not change is not rendered again.
  const latest = useRef({ selection, onSelection });
  useEffect(() => {
    latest.current = { selection, onSelection };
  });
  const onToggle = useCallback(
    (chatId: string) => latest.current.onSelection(toggleOne(latest.current.selection, chatId)),
    [],
  );
  const focus = useRowFocus();
  return (
    <RequestView state={list.state} retry={list.retry}>
      {(chats) =>
        chats.length === 0 ? (
          <EmptyState
            icon="💬"
            title={search ? 'No chats match' : tab === 'all' ? 'No chats yet' : 'No chats here'}
            actions={search ? undefined : <ButtonLink to="/discover">Find creators</ButtonLink>}
          >
            {search
              ? `Nobody in this list is called “${search}”.`
              : tab === 'all'
                ? 'Start a conversation from a creator’s profile and it will show up here.'
                : 'No chat matches this filter right now.'}
          </EmptyState>
        ) : (
          <>
            {selection.editing && (
              <BulkBar
                tab={tab}
                selection={selection}
                onSelection={onSelection}
                total={total ?? chats.length}
              />
            )}
            <ul className={styles.list} aria-label="Chats">
              {chats.map((chat) => (
                <ChatRowItem
                  key={rowKey(chat)}
                  chat={chat}
                  typing={typing.has(chat.chat_id)}
                  current={chat.other_user._id === selectedUserId}
                  selecting={selection.editing}
                  selected={isSelected(selection, chat.chat_id)}
                  showSpend={showSpend || tab === 'top'}
                  onToggle={onToggle}
                  focus={focus}
                />
              ))}
            </ul>
            <LoadMore list={list} />
          </>
        )
      }
    </RequestView>
  );
}

/**
 * The chat list with its tabs (in the URL, `?filter=online`), search and edit mode. Beside an open
 * conversation on wide screens, where `selectedUserId` marks the open chat.
 */
export function ChatList({ selectedUserId, actions }: { selectedUserId?: string; actions?: ReactNode }) {
  const { api } = useHost();
  const session = useSession();
  const [params] = useSearchParams();
  const { search, input } = useSearch('Search chats');
  const [selection, setSelection] = useState<Selection>(noSelection);
  const tab = parseTab(params.get('filter'));
  const isFan = session.user?.type === 'user';
  const isCreator = session.user?.type === 'featured' && session.config !== null;
  const totals = useChatTotals(api, isCreator).data;
  const [showSpend, setShowSpend] = useShowSpend();
  const tabs = tabsFor(isFan).map((id) => ({
    to: id === 'all' ? '/chats' : `/chats?filter=${id}`,
    label: chatTabLabels[id],
    current: id === tab,
    count: totals?.[id],
  }));
  const signedIn = session.status === 'signed-in';
  return (
    <div className={styles.pane}>
      {!selectedUserId && <ListTitle />}
      <div className={kit.bar}>
        <ScreenTitle>Chats</ScreenTitle>
        {actions}
        {isCreator && (
          <Button variant="secondary" aria-pressed={showSpend} onClick={() => setShowSpend(!showSpend)}>
            Show spend
          </Button>
        )}
        {signedIn && (
          <Button
            variant={selection.editing ? 'primary' : 'secondary'}
            aria-pressed={selection.editing}
            onClick={() => setSelection(toggleEditing(selection))}
          >
            {selection.editing ? 'Done' : 'Edit'}
          </Button>
        )}
      </div>
      {signedIn && <input className={styles.search} {...input} />}
      <TabList label="Chat filters" items={tabs} />
      <SignInGate icon="💬" title="Sign in to see your chats" reason="Your conversations are private to you.">
        <Chats
          tab={tab}
          search={search}
          selectedUserId={selectedUserId}
          selection={selection}
          onSelection={setSelection}
          total={totals?.[tab]}
          showSpend={isCreator && showSpend}
        />
      </SignInGate>
    </div>
  );
}
