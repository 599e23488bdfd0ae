import type { ReleaseRemote, ReleasesResponse } from '@cove/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const v1 = '20261101T100000Z-aaaa1111';
const v2 = '20261102T100000Z-bbbb2222';
const v3 = '20261103T100000Z-cccc3333';

const remote = (name: ReleaseRemote['remote'], over: Partial<ReleaseRemote> = {}): ReleaseRemote => ({
  remote: name,
  current: v2,
  previous: v1,
  canary: null,
  health: [{ version: v2, sessions: 40, failed: 2, networks: 30, failedNetworks: 2, rate: 0.05 }],
  stored: [
    { version: v1, publishedAt: '2026-11-01T10:00:00.000Z', newer: false },
    { version: v3, publishedAt: '2026-11-03T10:00:00.000Z', newer: true },
  ],
  ...over,
});

function overview(chat: Partial<ReleaseRemote> = {}): ReleasesResponse {
  return {
    remotes: [remote('chat', chat), remote('discover'), remote('account'), remote('payouts')],
    changes: [
      {
        at: '2026-11-02T10:00:00.000Z',
        action: 'publish',
        remote: 'chat',
        from: v1,
        to: v2,
        by: 'web:lead@example.com',
        reason: 'new composer',
      },
    ],
  };
}

function renderPage(respond: (call: RecordedCall) => unknown, releaseManager = true) {
  const fake = fakeHost({ user: testUser({ is_release_manager: releaseManager, is_staff: true }), respond });
  renderAccount('/account/releases', fake.host);
  return fake;
}

const chatCard = () => screen.findByRole('article', { name: 'chat' });

describe('the release page', () => {
  it('shows each remote, and rolls chat back after a confirmation with a reason', async () => {
    let rolledBack = false;
    const fake = renderPage((call) => {
      if (call.path === '/v1/admin/releases')
        return overview(rolledBack ? { current: v1, previous: null } : {});
      if (call.path === '/v1/admin/releases/chat/rollback') {
        rolledBack = true;
        return { remote: 'chat', action: 'rollback', from: v2, to: v1, percent: null, changed: true };
      }
      return undefined;
    });
    expect(screen.getByRole('link', { name: 'Releases' })).toBeInTheDocument();
    const card = await chatCard();
    expect(card).toHaveTextContent(`Current${v2}`);
    expect(card).toHaveTextContent('Current: 2/40 sessions failed (5.0%), in 2/30 networks');
    expect(screen.getByRole('list', { name: 'Recent release actions' })).toHaveTextContent(
      'by web:lead@example.com',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Roll back to previous' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll chat back?' });
    expect(dialog).toHaveTextContent(`Every browser moves from ${v2} to ${v1}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(within(dialog).getByText('Say why, in a few words.')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'errors after the release');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(`chat: ${v2} → ${v1}.`);
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/v1/admin/releases/chat/rollback',
        body: { reason: 'errors after the release' },
      }),
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(await chatCard()).findByText('None stored')).toBeInTheDocument();
  });

  it('shows a change made elsewhere (the CLI, another browser) as soon as it is announced', async () => {
    let published = false;
    const fake = renderPage((call) =>
      call.path === '/v1/admin/releases'
        ? overview(published ? { current: v3, previous: v2 } : {})
        : undefined,
    );
    const card = await chatCard();
    expect(card).toHaveTextContent(`Current${v2}`);
    published = true;
    act(() =>
      fake.bus.pushServerEvent({ type: 'releases_updated', seq: 2, created_at: '2026-11-29T10:00:00Z' }),
    );
    await waitFor(() => expect(card).toHaveTextContent(`Current${v3}Previous${v2}`));
  });

  it('starts a canary with the share chosen, and shows a refusal in the dialog', async () => {
    const fake = renderPage((call) => {
      if (call.path === '/v1/admin/releases') return overview();
      return failWith(409, 'A first visit to the chat pages is over its budget.', {
        code: 'release_refused',
      });
    });
    const card = await chatCard();
    await userEvent.click(within(card).getByRole('button', { name: `Canary ${v3}` }));
    const dialog = screen.getByRole('dialog', { name: 'Start a canary of chat?' });
    const share = within(dialog).getByRole('spinbutton', { name: 'Share of browsers (%)' });
    await userEvent.clear(share);
    await userEvent.type(share, '25');
    expect(dialog).toHaveTextContent(`25% of browsers run ${v3}`);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'try the new list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start canary' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('over its budget');
    expect(fake.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/admin/releases/chat/canary',
      body: { version: v3, percent: 25, reason: 'try the new list' },
    });
  });

  it('offers promote and end while a canary runs, and no publish', async () => {
    renderPage((call) =>
      call.path === '/v1/admin/releases'
        ? overview({
            canary: { version: v3, percent: 10, startedAt: '2026-11-03T10:00:00.000Z' },
            stored: [],
          })
        : undefined,
    );
    const card = await chatCard();
    expect(within(card).getByRole('button', { name: 'Promote canary' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'End canary' })).toBeInTheDocument();
    expect(card).toHaveTextContent(`${v3} for 10% of browsers`);
  });

  it('is closed, and not in the menu, for anyone who is not a release manager (staff included)', async () => {
    const fake = renderPage(() => undefined, false);
    expect(await screen.findByText('This page is for release managers')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Releases' })).toBeNull();
    expect(fake.calls.some((c) => c.path === '/v1/admin/releases')).toBe(false);
  });
});
