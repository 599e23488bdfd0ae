import type { FeedItem, LoggedEvent, SequencedEvent } from '@cove/contracts';
import { fakeHost, type RecordedCall, testUser } from '@cove/runtime/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmCharges, feedPageOf, testCreator, testMedia, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';

const fan = testUser({ _id: 'u-1', type: 'user' });

beforeEach(() => {
  window.localStorage.setItem('auth-token', 'tok-1');
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => window.localStorage.clear());

const luna = { model_id: 'c-2', username: 'luna', avatar_url: '/media/public/luna.jpg' };

/** The home feed's answers: `posts()` is read on each request, so a test can change what is there. */
function server(posts: () => FeedItem[], extra: (call: RecordedCall) => unknown = () => undefined) {
  return (call: RecordedCall) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/v1/users/c-2/profile')
      return { data: testCreator({ _id: 'c-2', username: 'luna', subscription_price: 99 }) };
    if (call.path === '/v1/feed' && call.method === 'GET' && call.query.model_id === undefined)
      return feedPageOf(posts());
    return undefined;
  };
}

const feedRegion = () => screen.findByRole('region', { name: 'Posts from creators you follow' });

const event = (seq: number, rest: LoggedEvent): SequencedEvent => ({
  ...rest,
  seq,
  created_at: '2026-11-28T12:00:00.000Z',
});

describe('the home feed', () => {
  it("lists followed creators' posts, each linking to its creator", async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server(() => [
        testPost({ _id: 'f-2', ...luna, text: 'New song tonight' }),
        testPost({ _id: 'f-1', text: 'Hello from the studio' }),
      ]),
    });
    renderAt('/home', host);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const region = await feedRegion();
    const [first, second] = (await within(region).findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('New song tonight')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'luna' })).toHaveAttribute('href', '/creators/c-2');
    expect(within(second).getByRole('link', { name: 'maya' })).toHaveAttribute('href', '/creators/c-1');
    expect(calls.filter((c) => c.path === '/v1/feed').map((c) => c.query)).toEqual([{ limit: '20' }]);
  });

  it('says what unlocks a locked post: its price in dollars, or subscribing, through the confirm sheet', async () => {
    const { host, calls, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server(
        () => [
          testPost({
            _id: 'f-3',
            ...luna,
            text: '',
            unlocked: false,
            unlock_by: 'subscribe',
            audience: 'subscriber',
          }),
          testPost({
            _id: 'f-4',
            type: 'image',
            text: '',
            unlocked: false,
            unlock_by: 'buy',
            price: 45,
            media: testMedia({ locked: true }),
          }),
        ],
        (call) =>
          call.path === '/v1/subscriptions'
            ? {
                data: {
                  _id: 's-1',
                  status: 'active',
                  user: { _id: 'c-2', username: 'luna', avatar_url: null },
                  price: 99,
                  expires_at: '2026-12-28T12:00:00.000Z',
                  created_at: '2026-11-28T12:00:00.000Z',
                  months: 1,
                  trial: false,
                },
                credits: 100,
              }
            : undefined,
      ),
    });
    renderAt('/home', host);
    const region = await feedRegion();
    const [forSubscribers, forSale] = (await within(region).findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(forSubscribers).getByText('Subscribe to see this post.')).toBeInTheDocument();
    expect(within(forSale).getByRole('button', { name: 'Unlock for $4.50' })).toBeInTheDocument();

    await userEvent.click(within(forSubscribers).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/subscriptions')).toBe(true));
    expect(popups).toEqual([
      expect.objectContaining({
        kind: 'confirm-charge',
        charge: expect.objectContaining({ kind: 'subscription', amount: 99 }),
        backTo: '/home',
        purchase: { model_id: 'c-2', subscribe: true },
      }),
    ]);
    expect(calls.filter((c) => c.path === '/v1/subscriptions').map((c) => c.body)).toEqual([
      // The total the fan confirmed goes along, so a price changed meanwhile is refused, not charged.
      { model_id: 'c-2', send_id: expect.any(String), months: 1, total: 99 },
    ]);
  });

  it('keeps new posts behind a marker until the fan asks for them', async () => {
    let posts = [testPost({ _id: 'f-1', text: 'Hello from the studio' })];
    const { host, bus, calls } = fakeHost({ user: fan, respond: server(() => posts) });
    renderAt('/home', host);
    const region = await feedRegion();
    await within(region).findByText('Hello from the studio');
    expect(within(region).queryByRole('button', { name: /new post/ })).toBeNull();

    posts = [testPost({ _id: 'f-2', ...luna, text: 'Fresh paint' }), ...posts];
    act(() =>
      bus.pushServerEvent(event(1, { type: 'new_feed', model_id: 'c-2', feed_id: 'f-2', unread_feeds: 1 })),
    );
    const marker = await within(region).findByRole('button', { name: '↑ 1 new post' });
    // Nothing moved: the new post waits for the tap.
    expect(within(region).queryByText('Fresh paint')).toBeNull();
    act(() =>
      bus.pushServerEvent(event(2, { type: 'new_feed', model_id: 'c-2', feed_id: 'f-5', unread_feeds: 2 })),
    );
    expect(marker).toHaveTextContent('↑ 2 new posts');

    await userEvent.click(marker);
    expect(await within(region).findByText('Fresh paint')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /new post/ })).toBeNull();
    expect(region).toHaveFocus();
    expect(calls.filter((c) => c.path === '/v1/feed')).toHaveLength(2);
  });

  it('drops the marker when the feed is read in another tab', async () => {
    const { host, bus } = fakeHost({ user: fan, respond: server(() => [testPost()]) });
    renderAt('/home', host);
    const region = await feedRegion();
    await within(region).findByText('Hello from the studio');
    act(() =>
      bus.pushServerEvent(event(1, { type: 'new_feed', model_id: 'c-1', feed_id: 'f-9', unread_feeds: 3 })),
    );
    await within(region).findByRole('button', { name: '↑ 3 new posts' });
    act(() => bus.pushServerEvent(event(2, { type: 'unread_feeds', unread_feeds: 0 })));
    expect(within(region).queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('sends a fan who follows nobody to Discover', async () => {
    const { host } = fakeHost({ user: fan, respond: server(() => []) });
    renderAt('/home', host);
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover creators' })).toHaveAttribute('href', '/discover');
  });
});
