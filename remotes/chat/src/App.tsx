import type { RemoteAppProps } from '@cove/contracts';
import { HostProvider } from '@cove/runtime';
import { Route, Routes } from 'react-router-dom';

export default function App({ host }: RemoteAppProps) {
  return (
    <HostProvider host={host}>
      <div data-build-label={__COVE_BUILD_LABEL__}>
        <Routes>
          <Route index element={<h1>Chats</h1>} />
          <Route path=":otherUserId" element={<h1>Chat</h1>} />
        </Routes>
      </div>
    </HostProvider>
  );
}
