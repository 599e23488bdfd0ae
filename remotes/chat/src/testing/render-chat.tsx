import type { HostContext } from '@cove/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@cove/router';
import App from '../App';

/** Renders the chat remote as the shell mounts it, at `path` (its query too). */
export function renderChat(path: string, host: HostContext) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/chats/*" element={<App host={host} />} />
      </Routes>
    </MemoryRouter>,
  );
}
