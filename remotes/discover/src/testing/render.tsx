import type { HostContext } from '@cove/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@cove/router';
import App from '../App';

/** Stands for the chat remote: says where the app went. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

/** Renders the remote as the shell mounts it, at `path` (`/maya`: a creator's public page). */
export function renderAt(path: string, host: HostContext) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/discover/*" element={<App host={host} />} />
        <Route path="/creators/*" element={<App host={host} />} />
        <Route path="/home/*" element={<App host={host} />} />
        <Route path="/maya/*" element={<App host={host} />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>,
  );
}
