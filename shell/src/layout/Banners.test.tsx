import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngagementSignals } from '@cove/contracts';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { reactToServerEvents } from '../session/server-reactions';
import { PopupLayer } from '../popups/PopupLayer';
import { fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { Banners } from './Banners';

const star = {
  type: 'featured' as const,
  avatar_url: '/a.jpg',
  bio: 'Hi',
  discover_status: 'featured' as const,
};
const quiet: EngagementSignals = { chats: 0, new_chats: 0, referred: 0, rank: null };

/** Signs `user` in with the banners on screen; the signals endpoint answers each read in turn, the last one from then on. */
function show(user: ReturnType<typeof testUser>, ...reads: EngagementSignals[]) {
  const fake = fakeServices();
  const answers = reads.length ? reads : [quiet];
  fake.respond(({ path }) =>
    path === '/v1/users/me/signals' ? (answers.length > 1 ? answers.shift() : answers[0]) : undefined,
  );
  signIn(fake.services.host.session, user);
  renderInShell(
    fake.services,
    <>
      <Banners />
      <PopupLayer />
    </>,
  );
  return fake;
}

const notices = () => screen.getByRole('complementary', { name: 'Notices' });

describe('the banners', () => {
  beforeEach(() => window.localStorage.clear());

  it('leads an invisible creator to the privacy switch, and cannot be closed', async () => {
    show(testUser({ ...star, invisible: true }));
    const banner = (await screen.findByText(/Your profile is invisible/)).closest('[role="status"]');
    if (!(banner instanceof HTMLElement)) throw new Error('no banner');
    expect(within(banner).getByRole('link', { name: 'Privacy settings' })).toHaveAttribute(
      'href',
      '/account/settings/privacy',
    );
    expect(within(banner).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it("opens the boost popup with the creator's link and the real referral rule", async () => {
    show(testUser({ ...star, username: 'luna' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Get more chats' }));
    const popup = await screen.findByRole('dialog', { name: 'Boost your profile' });
    expect(popup).toHaveTextContent(`${window.location.origin}/luna?code=luna`);
    expect(popup).toHaveTextContent('People who join with it see you first in Discover');
    expect(popup).toHaveTextContent('you earn 5% of their earnings for their first 12 months');
    expect(popup).not.toHaveTextContent('every fan who joins');
  });

  it('remembers a closed nudge for that person, by keyboard too', async () => {
    show(testUser({ gender: 'male' }));
    await screen.findByText(/Start your first chat/);
    within(notices()).getByRole('button', { name: 'Dismiss' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText(/Start your first chat/)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('cove:dismissed-banners:u-1') ?? '[]')).toEqual([
      'start-first-chat',
    ]);
  });

  it("shows staff's warning and the creator's new place as they arrive, without a reload", async () => {
    const busy = { chats: 9, new_chats: 9, referred: 0 };
    const fake = show(testUser({ ...star }), { ...busy, rank: 3 }, { ...busy, rank: 41 });
    await waitFor(() => expect(fake.calls.filter((c) => c.path === '/v1/users/me/signals')).toHaveLength(1));
    const reactions = reactToServerEvents(fake.services.host, fake.services.account);
    await act(async () =>
      fake.services.bus.pushServerEvent({
        type: 'discover_warning',
        warning: { level: 'penalty', reason: 'spam links', ends_at: '2099-01-01T00:00:00.000Z' },
        seq: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText(/Penalty to your profile visibility: .*Reason: spam links\./),
    ).toBeVisible();
    expect(await screen.findByText(/Your place in Discover: #41\./)).toBeVisible();
    await act(async () =>
      fake.services.bus.pushServerEvent({
        type: 'discover_warning',
        warning: null,
        seq: 2,
        created_at: '2026-01-01T00:00:01.000Z',
      }),
    );
    expect(screen.queryByText(/Penalty to your profile visibility/)).toBeNull();
    reactions.unsubscribe();
  });
});
