import type { PublicCreator } from '@cove/contracts';
import { failWith, fakeHost, testMedia, testUser } from '@cove/runtime/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmCharges, feedPageOf, testCreator, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';

const open = testPost({
  _id: 'p-open',
  type: 'image',
  text: 'Sunset',
  media: testMedia(),
  like_count: 8,
  comment_count: 1,
  pinned: true,
});
const locked = testPost({
  _id: 'p-locked',
  type: 'image',
  text: '',
  audience: 'subscriber',
  unlocked: false,
  unlock_by: 'subscribe',
  media: null,
});
const paid = testPost({
  _id: 'p-paid',
  type: 'image',
  text: '',
  teaser: 'Backstage',
  price: 40,
  unlocked: false,
  unlock_by: 'buy',
  media: null,
});

const maya: PublicCreator = {
  _id: 'c-1',
  username: 'maya',
  avatar_url: null,
  cover_url: null,
  bio: 'Painter and night owl.',
  tags: ['art'],
  credit_rate: 15,
  subscription_price: 99,
  subscribe_options: [{ months: 1, percent_off: 0, total: 99, saving: 0, promotion: null }],
  counts: { followers: 12, posts: 3, photos: 2, videos: 0 },
  posts: [open, locked, paid],
};

const publicAnswer = (call: { path: string }) =>
  call.path === '/v1/public/creators/maya' ? { data: maya } : undefined;

describe('a creator’s public page', () => {
  it('shows a visitor a post’s counts and its pin, with nothing to like or comment on', async () => {
    const { host } = fakeHost({ user: null, respond: publicAnswer });
    renderAt('/maya', host);
    const posts = await screen.findByRole('region', { name: 'Posts' });
    const first = (await within(posts).findAllByRole('article'))[0] as HTMLElement;
    expect(within(first).getByText('8 likes · 1 comment')).toBeInTheDocument();
    expect(within(first).getByText('Pinned')).toBeInTheDocument();
    expect(within(posts).queryByRole('button', { name: /^(Like|Comments)/ })).not.toBeInTheDocument();
  });

  it('shows a visitor the profile, open posts whole and locked ones without media, and every action signs in first', async () => {
    const { host } = fakeHost({ user: null, respond: publicAnswer });
    renderAt('/maya', host);
    const header = await screen.findByRole('region', { name: 'About' });
    expect(within(header).getByText('Painter and night owl.')).toBeInTheDocument();
    expect(within(header).getByText('Followers').nextSibling).toHaveTextContent('12');
    const next = (intent: string) => `/login?next=${encodeURIComponent(`/maya?intent=${intent}`)}`;
    expect(within(header).getByRole('link', { name: 'Subscribe · $9.90 / month' })).toHaveAttribute(
      'href',
      next('subscribe'),
    );
    expect(within(header).getByRole('link', { name: 'Message' })).toHaveAttribute('href', next('message'));
    expect(within(header).getByRole('link', { name: 'Follow' })).toHaveAttribute('href', next('follow'));
    const posts = screen.getByRole('region', { name: 'Posts' });
    expect(within(posts).getByRole('img', { name: 'Sunset' })).toBeInTheDocument();
    const articles = within(posts).getAllByRole('article');
    expect(within(articles[1] as HTMLElement).queryByRole('img')).toBeNull();
    expect(within(articles[2] as HTMLElement).getByText('Backstage')).toBeInTheDocument();
    await userEvent.click(
      within(articles[2] as HTMLElement).getByRole('button', { name: 'Unlock for $4.00' }),
    );
    expect(await screen.findByText(`Now at /login`)).toBeInTheDocument();
  });

  it('says so for a name nobody has', async () => {
    const notFound = 'User Cannot Be Found Or Does Not Exist';
    const { host } = fakeHost({
      user: null,
      respond: () => failWith(404, notFound, { code: 'user_not_found' }),
    });
    renderAt('/maya', host);
    expect(await screen.findByRole('alert')).toHaveTextContent(notFound);
  });

  it('shows a signed-in fan the profile, and does the subscribe chosen before signing in, once', async () => {
    const { host, calls, popups } = fakeHost({
      user: testUser({ _id: 'u-1', type: 'user' }),
      popupOutcome: confirmCharges,
      respond: (call) => {
        if (call.path === '/v1/users/c-1/profile')
          return { data: testCreator({ _id: 'c-1', username: 'maya' }) };
        if (call.path === '/v1/feed') return feedPageOf([]);
        if (call.path === '/v1/subscriptions')
          return {
            data: {
              _id: 's-1',
              status: 'active',
              user: { _id: 'c-1', username: 'maya', avatar_url: null },
              price: 99,
              expires_at: '2026-12-25T12:00:00.000Z',
              created_at: '2026-11-25T12:00:00.000Z',
              months: 1,
              trial: false,
            },
            credits: 1,
          };
        return publicAnswer(call);
      },
    });
    renderAt('/maya?intent=subscribe', host);
    const header = await screen.findByRole('region', { name: 'About' });
    expect(await within(header).findByRole('status')).toHaveTextContent(/^Subscribed until /);
    expect(popups.map((p) => p.kind)).toEqual(['confirm-charge']);
    expect(calls.filter((c) => c.path === '/v1/subscriptions')).toHaveLength(1);
  });
});

describe('subscription offers on a public page', () => {
  const offered = {
    ...maya,
    subscribe_options: [
      {
        months: 1 as const,
        percent_off: 30,
        total: 69,
        saving: 30,
        promotion: { _id: 'p-1', ends_at: '2026-12-10T12:00:00.000Z', audience: 'new' as const },
      },
      { months: 3 as const, percent_off: 10, total: 267, saving: 30, promotion: null },
    ],
  };
  const trial = { code: 'abc', trial_days: 7, price: 99, creator: { _id: 'c-1', username: 'maya' } };

  it('shows a visitor the promotion with its end, each bundle, and the trial leading through sign-in', async () => {
    const { host } = fakeHost({
      user: null,
      respond: (call) =>
        call.path === '/v1/public/creators/maya'
          ? { data: offered }
          : call.path === '/v1/trial-links/abc'
            ? { data: { ...trial, status: 'active' } }
            : undefined,
    });
    renderAt('/maya?trial=abc', host);
    const header = await screen.findByRole('region', { name: 'About' });
    expect(within(header).getByRole('link', { name: 'Subscribe · $6.90 first month' })).toBeInTheDocument();
    expect(within(header).getByRole('note')).toHaveTextContent(
      /^30% off your first month, then \$9\.90 a month\. Offer ends /,
    );
    const bundles = within(header).getByRole('list', { name: 'Pay for several months' });
    const three = within(bundles).getByRole('link', { name: /^3 months/ });
    expect(three).toHaveTextContent('$26.70');
    expect(three).toHaveTextContent('Save $3.00 (10% off)');
    expect(three).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/maya?intent=subscribe&months=3')}`,
    );
    const offer = await screen.findByRole('region', { name: 'Free for 7 days, then $9.90 a month' });
    expect(within(offer).getByRole('link', { name: 'Start free trial' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/maya?trial=abc')}`,
    );
  });

  it('says why a used-up trial link cannot be redeemed', async () => {
    const { host } = fakeHost({
      user: null,
      respond: (call) =>
        call.path === '/v1/trial-links/abc' ? { data: { ...trial, status: 'used_up' } } : publicAnswer(call),
    });
    renderAt('/maya?trial=abc', host);
    expect(await screen.findByRole('alert')).toHaveTextContent('This free-trial link has been used up.');
  });

  it('redeems a trial signed in only after the fan confirms, renewing only when chosen', async () => {
    const { host, calls, popups } = fakeHost({
      user: testUser({ _id: 'u-1', type: 'user' }),
      popupOutcome: () => ({ action: 'confirm' }),
      respond: (call) => {
        if (call.path === '/v1/trial-links/abc') return { data: { ...trial, status: 'active' } };
        if (call.path === '/v1/users/c-1/profile')
          return { data: testCreator({ _id: 'c-1', username: 'maya' }) };
        if (call.path === '/v1/feed') return feedPageOf([]);
        if (call.path === '/v1/subscriptions/trial')
          return {
            data: {
              _id: 's-1',
              status: 'active',
              user: { _id: 'c-1', username: 'maya', avatar_url: null },
              price: 99,
              expires_at: '2026-12-06T12:00:00.000Z',
              created_at: '2026-11-29T12:00:00.000Z',
              months: 1,
              trial: true,
            },
            credits: 0,
          };
        return publicAnswer(call);
      },
    });
    renderAt('/maya?trial=abc', host);
    const offer = await screen.findByRole('region', { name: 'Free for 7 days, then $9.90 a month' });
    await userEvent.click(
      await within(offer).findByRole('checkbox', { name: 'Renew at $9.90 a month after the trial' }),
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Start free trial' }));
    expect(await within(offer).findByRole('status')).toHaveTextContent(/^Your free trial is on until /);
    expect(popups).toEqual([
      expect.objectContaining({
        kind: 'generic',
        sentence: expect.stringMatching(
          /^Free for 7 days, then \$9\.90 a month\. It renews on .* for \$9\.90 unless/,
        ),
      }),
    ]);
    expect(calls.filter((c) => c.path === '/v1/subscriptions/trial').map((c) => c.body)).toEqual([
      { code: 'abc', send_id: expect.any(String), renew: true, price: 99 },
    ]);
  });
});
