import type { FeedItem } from '@cove/contracts';
import type { MediaConfig } from '@cove/contracts';
import {
  failWith,
  fakeHost,
  noContent,
  testMediaResponse,
  testMessage,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmCharges, feedPageOf, testCreator, testMedia, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';

const fan = testUser({ _id: 'u-1', type: 'user' });
const me = testUser({ _id: 'c-1', type: 'featured', username: 'maya' });
const blurred = testMedia({ locked: true, th: '/media/p-md-1/bl.jpg', sr: '/media/p-md-1/bl.jpg' });

function server(posts: FeedItem[], extra: (call: RecordedCall) => unknown = () => undefined) {
  return (call: RecordedCall) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/v1/users/c-1/profile') return { data: testCreator() };
    if (call.path === '/v1/feed' && call.method === 'GET') return feedPageOf(posts);
    return undefined;
  };
}

const mediaLimits: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

const postsRegion = () => screen.findByRole('region', { name: 'Posts' });

describe('a creator’s posts, seen by a fan', () => {
  it('shows what unlocks each locked post', async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([
        testPost({
          _id: 'f-1',
          text: '',
          unlocked: false,
          unlock_by: 'follow',
          media: blurred,
          type: 'image',
        }),
        testPost({ _id: 'f-2', text: '', unlocked: false, unlock_by: 'subscribe', audience: 'subscriber' }),
        testPost({ _id: 'f-3', text: '', unlocked: false, unlock_by: 'buy', price: 45, media: blurred }),
        testPost({ _id: 'f-4', text: '', unlocked: false, unlock_by: 'fan', audience: 'fan' }),
      ]),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    const [follow, subscribe, buy, fanOnly] = (await within(posts).findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(follow).getByText('Follow to see this post.')).toBeInTheDocument();
    expect(within(follow).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(subscribe).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(within(buy).getByRole('button', { name: 'Unlock for $4.50' })).toBeInTheDocument();
    expect(within(fanOnly).getByText('Send a paid message or tip to see this')).toBeInTheDocument();
    expect(within(posts).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('follows from a locked post and reads the feed again', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server(
        [testPost({ text: '', unlocked: false, unlock_by: 'follow', media: blurred })],
        (call) => (call.path === '/v1/users/c-1/follow' ? { is_followee: true, followers: 13 } : undefined),
      ),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    await userEvent.click(await within(posts).findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(calls.filter((c) => c.path === '/v1/feed')).toHaveLength(2);
  });

  it('buys a paid post and shows it', async () => {
    const locked = testPost({
      type: 'image',
      text: '',
      unlocked: false,
      unlock_by: 'buy',
      price: 45,
      media: blurred,
    });
    const bought = { ...locked, text: 'Sunset', unlocked: true, unlock_by: null, media: testMedia() };
    const { host, calls, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server([locked], (call) =>
        call.path === '/v1/feed/f-1/buy' ? { data: bought, credits: 205 } : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    await userEvent.click(await within(posts).findByRole('button', { name: 'Unlock for $4.50' }));
    expect(await within(posts).findByRole('img', { name: 'Sunset' })).toHaveAttribute(
      'src',
      '/media/p-md-1/th.jpg',
    );
    expect(within(posts).queryByRole('button', { name: /Unlock/ })).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/feed/f-1/buy').map((c) => c.method)).toEqual(['PATCH']);
    expect(popups).toEqual([
      {
        kind: 'confirm-charge',
        charge: { kind: 'post', item: 'Post by @maya', gives: '1 photo', amount: 45 },
        backTo: '/creators/c-1?post=f-1',
        purchase: { model_id: 'c-1', feed_id: 'f-1' },
      },
    ]);

    // What was bought opens full screen; Escape closes it and focus comes back to the post.
    const open = within(posts).getByRole('button', { name: 'Open photo full screen' });
    await userEvent.click(open);
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByRole('img', { name: 'Sunset' })).toHaveAttribute(
      'src',
      '/media/p-md-1/th.jpg',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
  });

  it('offers no full screen for a locked post', async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([testPost({ text: '', unlocked: false, unlock_by: 'subscribe', media: blurred })]),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    expect(await within(posts).findByText('Subscribe to see this post.')).toHaveClass('label');
    expect(within(posts).queryByRole('button', { name: /full screen/ })).toBeNull();
  });

  it('offers credits when the fan cannot pay for a post, and comes back to the profile', async () => {
    const { host, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server([testPost({ unlocked: false, unlock_by: 'buy', price: 45, text: '' })], (call) =>
        call.path === '/v1/feed/f-1/buy'
          ? failWith(402, 'You have no credits.', { code: 'not_enough_credits' })
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock for $4.50' }));
    await screen.findByRole('button', { name: 'Unlock for $4.50' });
    await waitFor(() => expect(popups).toHaveLength(2));
    expect(popups).toEqual([
      expect.objectContaining({ kind: 'confirm-charge' }),
      {
        kind: 'not-enough-credits',
        message: 'You have no credits.',
        // The payment that buys the credits unlocks this post, and leads back to it.
        backTo: '/creators/c-1?post=f-1',
        purchase: { model_id: 'c-1', feed_id: 'f-1' },
      },
    ]);
  });

  it("shows a locked paid text post's teaser and what unlocking gives", async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([
        testPost({
          type: 'text',
          text: '',
          teaser: 'My Porto guide: where locals eat',
          words: 240,
          media: null,
          unlocked: false,
          unlock_by: 'buy',
          price: 60,
        }),
      ]),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    expect(await within(posts).findByText('My Porto guide: where locals eat')).toBeInTheDocument();
    expect(within(posts).getByText('Unlock: The whole post, 240 words')).toBeInTheDocument();
    expect(within(posts).getByRole('button', { name: 'Unlock for $6.00' })).toBeInTheDocument();
  });

  it('tips a post a typed amount with a message after confirming, once', async () => {
    const { host, calls, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server([testPost()], (call) =>
        call.path === '/v1/feed/f-1/tip'
          ? { data: testMessage({ type: 'tip_user', system: true, tip_note: 'Lovely' }), credits: 100 }
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    await userEvent.click(await within(posts).findByRole('button', { name: 'Tip' }));
    await userEvent.type(within(posts).getByRole('textbox', { name: 'Other amount' }), '12');
    await userEvent.type(within(posts).getByRole('textbox', { name: 'Message (optional)' }), 'Lovely');
    await userEvent.click(within(posts).getByRole('button', { name: 'Tip $12.00' }));
    expect(await within(posts).findByRole('status')).toHaveTextContent(
      'Tip sent. @maya will see it in your chat.',
    );
    expect(popups).toEqual([
      {
        kind: 'confirm-charge',
        charge: { kind: 'tip', item: 'Tip for @maya on a post', amount: 120, note: 'Lovely' },
        backTo: '/creators/c-1',
        purchase: { model_id: 'c-1' },
      },
    ]);
    expect(calls.filter((c) => c.path === '/v1/feed/f-1/tip').map((c) => c.body)).toEqual([
      { amount: 120, send_id: expect.any(String), message: 'Lovely' },
    ]);
  });

  it('opens the post the address names: scrolled to and focused', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { host } = fakeHost({
      user: fan,
      respond: server([
        testPost({ _id: 'f-2', text: 'another' }),
        testPost({ _id: 'f-1', text: 'the one bought', unlocked: true, price: 45 }),
      ]),
    });
    renderAt('/creators/c-1?post=f-1', host);
    const bought = (await screen.findByText('the one bought')).closest('article');
    await waitFor(() => expect(bought).toHaveFocus());
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(screen.getByText('another').closest('article')).not.toHaveAttribute('tabindex');
  });

  it('reads the feed again when the creator posts', async () => {
    let posts = [testPost()];
    const { host, bus } = fakeHost({
      user: fan,
      respond: server([], (call) => (call.path === '/v1/feed' ? feedPageOf(posts) : undefined)),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await within(region).findByText('Hello from the studio');
    posts = [testPost({ _id: 'f-2', text: 'Fresh paint' }), ...posts];
    act(() =>
      bus.pushServerEvent({
        type: 'new_feed',
        model_id: 'c-2',
        feed_id: 'x',
        seq: 1,
        created_at: '2026-11-25T12:00:00.000Z',
      }),
    );
    act(() =>
      bus.pushServerEvent({
        type: 'new_feed',
        model_id: 'c-1',
        feed_id: 'f-2',
        seq: 2,
        created_at: '2026-11-25T12:00:00.000Z',
      }),
    );
    expect(await within(region).findByText('Fresh paint')).toBeInTheDocument();
  });

  it('asks for photos only on the Photos tab, and pages on', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server([], (call) => {
        if (call.path !== '/v1/feed') return undefined;
        return call.query.offset === '20'
          ? feedPageOf([testPost({ _id: 'f-2', text: 'Second page' })])
          : feedPageOf([testPost()], '/v1/feed?model_id=c-1&media=image&offset=20&limit=20');
      }),
    });
    renderAt('/creators/c-1?tab=photos', host);
    const region = await postsRegion();
    expect(within(region).getByRole('link', { name: 'Photos' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(await within(region).findByRole('button', { name: 'Load more' }));
    expect(await within(region).findByText('Second page')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/feed').map((c) => c.query)).toEqual([
      { model_id: 'c-1', limit: '20', media: 'image' },
      { model_id: 'c-1', media: 'image', offset: '20', limit: '20' },
    ]);
  });
});

describe('the creator’s own posts', () => {
  it('shows a restricted creator why they cannot post instead of the composer, until approved', async () => {
    const fake = fakeHost({ user: { ...me, restricted: true }, respond: server([]) });
    renderAt('/creators/c-1', fake.host);
    const gate = await screen.findByRole('region', { name: 'New post' });
    expect(gate).toHaveTextContent(
      'Your creator account is under review; you can do this once it is approved.',
    );
    expect(screen.queryByRole('form', { name: 'New post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();

    // Approval reloads the user: the composer takes the notice's place without a reload.
    act(() => {
      fake.session.user = { ...me, restricted: false };
    });
    expect(await screen.findByRole('form', { name: 'New post' })).toBeInTheDocument();
    expect(screen.queryByText(/under review/)).toBeNull();
  });

  it('shows a new post at once, then the server’s copy', async () => {
    let answer: (r: unknown) => void = () => undefined;
    const { host, calls } = fakeHost({
      user: me,
      respond: server([testPost()], (call) =>
        call.path === '/v1/feed' && call.method === 'POST'
          ? new Promise((resolve) => (answer = resolve))
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const form = await screen.findByRole('form', { name: 'New post' });
    await userEvent.type(within(form).getByLabelText('New post'), 'Open studio on Sunday');
    await userEvent.selectOptions(within(form).getByLabelText('Who can see it'), 'follower');
    await userEvent.type(within(form).getByLabelText('Price ($, optional)'), '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));

    const region = await postsRegion();
    const pending = within(region).getByRole('article', { name: 'Post being published' });
    expect(pending).toHaveTextContent('Open studio on Sunday');
    expect(within(region).getAllByRole('article')[0]).toBe(pending);
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/v1/feed');
    expect(sent?.body).toEqual({
      type: 'text',
      text: 'Open studio on Sunday',
      audience: 'follower',
      price: 25,
      send_id: expect.any(String),
    });

    const saved = testPost({ _id: 'f-9', text: 'Open studio on Sunday', audience: 'follower', price: 25 });
    await act(async () => answer({ data: saved }));
    expect(within(region).queryByRole('article', { name: 'Post being published' })).toBeNull();
    const [first] = within(region).getAllByRole('article');
    expect(first).toHaveTextContent('Open studio on Sunday');
    expect(first).toHaveTextContent('Followers · $2.50');
    expect(within(region).getAllByRole('article')).toHaveLength(2);
  });

  it('posts a photo uploaded through the shared pipeline, with progress and cancel', async () => {
    let release: (r: unknown) => void = () => undefined;
    const { host, calls } = fakeHost({
      user: me,
      respond: server([], (call) => {
        if (call.path === '/v1/media/config') return mediaLimits;
        if (call.path === '/v1/media/available') return { status: false, media: null };
        if (call.path === '/v1/media') return new Promise((resolve) => (release = resolve));
        if (call.path === '/v1/feed' && call.method === 'POST') {
          return {
            data: testPost({ _id: 'f-7', type: 'image', text: '', media: testMedia({ media_id: 'new' }) }),
          };
        }
        return undefined;
      }),
    });
    renderAt('/creators/c-1', host);
    const form = await screen.findByRole('form', { name: 'New post' });
    const choose = (name: string) =>
      fireEvent.change(within(form).getByLabelText('Add photo or video'), {
        target: { files: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })] },
      });

    choose('first.png');
    expect(await within(form).findByRole('progressbar', { name: 'Uploading first.png' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(form).queryByRole('progressbar')).toBeNull());

    choose('beach.png');
    await within(form).findByRole('progressbar', { name: 'Uploading beach.png' });
    await act(async () => release(testMediaResponse('new')));
    expect(await within(form).findByText('Photo attached')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('img', { name: 'Photo' })).toHaveAttribute('src', '/media/p-md-1/th.jpg');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/feed')?.body).toMatchObject({
      type: 'image',
      media_id: 'new',
      text: '',
    });
  });

  it('removes the new post and says why when publishing fails', async () => {
    const { host } = fakeHost({
      user: me,
      respond: server([], (call) =>
        call.path === '/v1/feed' && call.method === 'POST'
          ? failWith(400, 'Posts need text or media.')
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const form = await screen.findByRole('form', { name: 'New post' });
    await userEvent.type(within(form).getByLabelText('New post'), 'Oops');
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Posts need text or media.');
    expect(screen.queryByRole('article', { name: 'Post being published' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
  });

  it('edits a post: saving, then the saved post', async () => {
    const { host, calls } = fakeHost({
      user: me,
      respond: server([testPost()], (call) =>
        call.path === '/v1/feed/f-1' && call.method === 'PATCH'
          ? { data: testPost({ text: 'Studio closed today', audience: 'subscriber' }) }
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Edit' }));
    const form = within(region).getByRole('form', { name: 'Edit post' });
    await userEvent.clear(within(form).getByLabelText('Text'));
    await userEvent.type(within(form).getByLabelText('Text'), 'Studio closed today');
    await userEvent.selectOptions(within(form).getByLabelText('Who can see it'), 'subscriber');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Saved');
    expect(within(region).getByText('Studio closed today')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      text: 'Studio closed today',
      audience: 'subscriber',
    });
  });

  it('keeps the editor open with the server’s reason when saving fails', async () => {
    const { host } = fakeHost({
      user: me,
      respond: server([testPost()], (call) =>
        call.method === 'PATCH' ? failWith(400, 'Too long.') : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Edit' }));
    await userEvent.type(within(region).getByLabelText('Text'), '!');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Too long.');
    expect(within(region).getByRole('form', { name: 'Edit post' })).toBeInTheDocument();
  });

  it('deletes a post once confirmed', async () => {
    const { host, popups } = fakeHost({
      user: me,
      respond: server([testPost()], (call) => (call.method === 'DELETE' ? noContent() : undefined)),
      popupOutcome: () => ({ action: 'confirm' }),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Delete' }));
    expect(await within(region).findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(popups[0]).toMatchObject({ kind: 'generic', confirmLabel: 'Delete' });
  });

  it('shows the server’s reason when a post cannot be deleted', async () => {
    const reason = 'You cannot delete any more content until you cancel your subscriptions.';
    const { host } = fakeHost({
      user: me,
      respond: server([testPost()], (call) => (call.method === 'DELETE' ? failWith(403, reason) : undefined)),
      popupOutcome: () => ({ action: 'confirm' }),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Delete' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(reason);
    expect(within(region).getByText('Hello from the studio')).toBeInTheDocument();
  });
});
