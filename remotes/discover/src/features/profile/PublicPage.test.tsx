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
