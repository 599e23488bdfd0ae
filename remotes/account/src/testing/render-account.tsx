import type { HostContext } from '@cove/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter, parsePath, Route, Routes } from '@cove/router';
import App from '../App';

/**
 * Renders the account remote as the shell mounts it, at `path` (its query too), with router `state`
 * when a page reads one.
 */
export function renderAccount(path: string, host: HostContext, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ ...parsePath(path), state }]}>
      <Routes>
        <Route path="/account/*" element={<App host={host} />} />
      </Routes>
    </MemoryRouter>,
  );
}
