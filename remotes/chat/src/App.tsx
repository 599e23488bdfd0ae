import type { RemoteAppProps } from '@cove/contracts';
import { QueryRoot } from '@cove/runtime/query';
import { RemoteRoot } from '@cove/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Route, Routes, useParams } from 'react-router-dom';
import { ChatList } from './features/chat-list/ChatList';
import { applyOpened, applyRead } from './features/chat-list/chat-list-events';
import { Conversation } from './features/conversation/Conversation';
import { SendQueues } from './features/conversation/SendQueues';
import { SplitScreen } from './features/layout/SplitScreen';

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

/** `/chats` and `/chats/{otherUserId}` as one screen, so the list stays put while chats change. */
function ChatsScreen() {
  const otherUserId = (useParams()['*'] ?? '').split('/')[0] || undefined;
  const client = useQueryClient();
  return (
    <SplitScreen
      open={otherUserId !== undefined}
      list={<ChatList selectedUserId={otherUserId} />}
      conversation={
        otherUserId && (
          <Conversation
            key={otherUserId}
            otherUserId={otherUserId}
            onOpened={(chatId) => applyOpened(client, chatId)}
            onRead={(chatId) => applyRead(client, chatId)}
          />
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
        <SendQueues>
          <Routes>
            <Route path="*" element={<ChatsScreen />} />
          </Routes>
        </SendQueues>
      </QueryRoot>
    </RemoteRoot>
  );
}
