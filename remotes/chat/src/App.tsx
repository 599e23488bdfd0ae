import type { RemoteAppProps } from '@cove/contracts';
import { RemoteRoot } from '@cove/ui';
import { Route, Routes } from 'react-router-dom';
import { ChatList } from './features/chat-list/ChatList';
import { Conversation } from './features/conversation/Conversation';

/** The chat remote: mounted by the shell at /chats/*. */
export default function App({ host }: RemoteAppProps) {
  return (
    <RemoteRoot host={host} name="chat">
      <Routes>
        <Route index element={<ChatList />} />
        <Route path=":otherUserId" element={<Conversation />} />
      </Routes>
    </RemoteRoot>
  );
}
