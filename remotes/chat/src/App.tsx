import type { RemoteAppProps } from '@cove/contracts';
import { QueryRoot } from '@cove/runtime/query';
import { RemoteRoot } from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@cove/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from '@cove/router';
import { BroadcastLink } from './features/broadcast/components/BroadcastLink';
import { ChatList } from './features/chat-list/components/ChatList';
import { applyOpened, applyRead } from './features/chat-list/components/chat-list-events';
import { ThreadEvents } from './features/conversation/components/conversation-events';
import { SendQueues } from './features/conversation/components/SendQueues';
import { SplitScreen } from './features/layout/SplitScreen';

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

/** The spec's lazy-load retry: a screen's code that fails to load is asked for again every second. */
async function withRetries<T>(load: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** The conversation's code loads when a chat is first opened, so the inbox arrives sooner. */
const Conversation = lazy(() =>
  withRetries(() => import('./features/conversation/components/Conversation')).then((m) => ({
    default: m.Conversation,
  })),
);

/** The broadcast composer is for creators only: its code loads when one opens it. */
const BroadcastScreen = lazy(() =>
  withRetries(() => import('./features/broadcast/components/BroadcastScreen')).then((m) => ({
    default: m.BroadcastScreen,
  })),
);

/** `/chats` and `/chats/{otherUserId}` as one screen, so the list stays put while chats change. */
function ChatsScreen() {
  const otherUserId = (useParams()['*'] ?? '').split('/')[0] || undefined;
  const client = useQueryClient();
  return (
    <SplitScreen
      open={otherUserId !== undefined}
      list={<ChatList selectedUserId={otherUserId} actions={<BroadcastLink />} />}
      conversation={
        otherUserId && (
          <Suspense fallback={<Spinner size={50} />}>
            <Conversation
              key={otherUserId}
              otherUserId={otherUserId}
              onOpened={(chatId) => applyOpened(client, chatId)}
              onRead={(chatId) => applyRead(client, chatId)}
            />
          </Suspense>
        )
      }
    />
  );
}

/** The chat remote: mounted by the shell at /chats/*. */
export default function App({ host }: RemoteAppProps) {
  return (
    <RemoteRoot host={host} name="chat">
      <QueryRoot>
        <ThreadEvents />
        <SendQueues>
          <Routes>
            <Route
              path="broadcast"
              element={
                <Suspense fallback={<Spinner size={50} />}>
                  <BroadcastScreen />
                </Suspense>
              }
            />
            <Route path="*" element={<ChatsScreen />} />
          </Routes>
        </SendQueues>
      </QueryRoot>
    </RemoteRoot>
  );
}
