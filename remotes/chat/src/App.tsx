import type { RemoteAppProps } from '@cove/contracts';
import { QueryRoot } from '@cove/runtime/query';
import { RemoteRoot } from '@cove/ui';
import { Route, Routes } from 'react-router-dom';
import { ChatList } from './features/chat-list/ChatList';
import { Conversation } from './features/conversation/Conversation';

/**
 * What this remote was built against: the shell refuses to run it on a page of other versions.
 * @public read by the shell from the federated module, not imported
 */
export { builtWith } from '@cove/contracts';

/** The chat remote: mounted by the shell at /chats/*. */
export default function App({ host }: RemoteAppProps) {
  return (
    <RemoteRoot host={host} name="chat">
      <QueryRoot>
        <Routes>
          <Route index element={<ChatList />} />
          <Route path=":otherUserId" element={<Conversation />} />
        </Routes>
      </QueryRoot>
    </RemoteRoot>
  );
}
