import { render } from '@testing-library/react';
import { fakeHost, testUser, type Responder } from '@cove/runtime/testing';
import { MemoryRouter, Route, Routes } from '@cove/router';
import App from '../App';

/** Renders the payouts remote as the shell mounts it, at `path`, for a signed-in creator. */
export function renderEarnings(path: string, respond: Responder) {
  const fake = fakeHost({ user: testUser({ type: 'featured' }), respond });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/earnings/*" element={<App host={fake.host} />} />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}
