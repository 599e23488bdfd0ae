import { failWith, fakeHost } from '@cove/runtime/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmCharges, testMedia, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { blurred, fan, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();

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
});
