import { failWith, fakeHost, testMessage } from '@cove/runtime/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmCharges, feedPageOf, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { fan, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();

describe('a creator’s posts, seen by a fan', () => {
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
    expect(within(posts).getByText('You tipped $12.00 on this post.')).toBeInTheDocument();
    expect(popups).toEqual([
      {
        kind: 'confirm-charge',
        charge: { kind: 'tip', item: 'Tip for @maya on a post', amount: 120, note: 'Lovely' },
        // Credits bought from the sheet send this tip and lead back to this post.
        backTo: '/creators/c-1?post=f-1',
        purchase: { model_id: 'c-1', tip_post: { feed_id: 'f-1', amount: 120, message: 'Lovely' } },
      },
    ]);
    expect(calls.filter((c) => c.path === '/v1/feed/f-1/tip').map((c) => c.body)).toEqual([
      { amount: 120, send_id: expect.any(String), message: 'Lovely' },
    ]);
  });

  it('offers credits that send the tip when the fan cannot pay for it', async () => {
    const { host, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server([testPost()], (call) =>
        call.path === '/v1/feed/f-1/tip'
          ? failWith(402, 'You have no credits.', { code: 'not_enough_credits' })
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    await userEvent.click(await within(posts).findByRole('button', { name: 'Tip' }));
    await userEvent.type(within(posts).getByRole('textbox', { name: 'Other amount' }), '3');
    await userEvent.click(within(posts).getByRole('button', { name: 'Tip $3.00' }));
    await waitFor(() => expect(popups).toHaveLength(2));
    expect(popups[1]).toEqual({
      kind: 'not-enough-credits',
      message: 'You have no credits.',
      backTo: '/creators/c-1?post=f-1',
      purchase: { model_id: 'c-1', tip_post: { feed_id: 'f-1', amount: 30 } },
    });
  });

  it('shows what the fan has tipped on a post, as the server counts it', async () => {
    const { host } = fakeHost({ user: fan, respond: server([testPost({ tipped: 50 })]) });
    renderAt('/creators/c-1', host);
    expect(
      await within(await postsRegion()).findByText('You tipped $5.00 on this post.'),
    ).toBeInTheDocument();
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
