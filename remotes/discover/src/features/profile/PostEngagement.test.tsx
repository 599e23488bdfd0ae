import type { PostComment } from '@cove/contracts';
import { failWith, fakeHost } from '@cove/runtime/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { fan, me, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();

const comment = (overrides: Partial<PostComment> = {}): PostComment => ({
  _id: 'cm-1',
  post_id: 'f-1',
  author: { _id: 'u-2', username: 'jordan', avatar_url: null },
  text: 'Counting the days!',
  hidden: false,
  can_delete: false,
  can_hide: false,
  created_at: '2026-11-20T11:00:00.000Z',
  ...overrides,
});
const page = (data: PostComment[], count = data.length) => ({ data, next: null, comment_count: count });
const likeButton = (region: HTMLElement) => within(region).findByRole('button', { name: /^Like/ });

describe('likes on a post', () => {
  it('likes and unlikes with aria-pressed and the server’s count', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server([testPost({ like_count: 4 })], (call) =>
        call.path === '/v1/feed/f-1/like'
          ? call.method === 'PUT'
            ? { liked: true, like_count: 7 }
            : { liked: false, like_count: 6 }
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    const like = await likeButton(region);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('Like 4');
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveTextContent('Like 7'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveTextContent('Like 6'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c.path === '/v1/feed/f-1/like').map((c) => c.method)).toEqual([
      'PUT',
      'DELETE',
    ]);
  });

  it('puts the count back and says why when the like is refused', async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([testPost({ like_count: 2 })], (call) =>
        call.path === '/v1/feed/f-1/like'
          ? failWith(403, "You can't like or comment on this creator's posts.", {
              code: 'post_engagement_blocked',
            })
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await likeButton(region));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      "You can't like or comment on this creator's posts.",
    );
    expect(await likeButton(region)).toHaveTextContent('Like 2');
    expect(await likeButton(region)).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the new counts live when the server says they changed', async () => {
    const { host, bus } = fakeHost({ user: fan, respond: server([testPost({ like_count: 1 })]) });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await likeButton(region);
    act(() =>
      bus.pushServerEvent({
        type: 'post_engagement',
        feed_id: 'f-1',
        like_count: 12,
        comment_count: 3,
        seq: 1,
        created_at: '2026-11-25T12:00:00.000Z',
      }),
    );
    expect(await likeButton(region)).toHaveTextContent('Like 12');
    expect(within(region).getByRole('button', { name: /^Comments/ })).toHaveTextContent('Comments 3');
  });

  it('shows a locked post’s counts only', async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([
        testPost({ unlocked: false, unlock_by: 'subscribe', text: '', like_count: 5, comment_count: 1 }),
      ]),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    expect(await within(region).findByText('5 likes · 1 comment')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
  });
});

describe('comments on a post', () => {
  it('opens an empty list, posts a comment and shows it', async () => {
    let comments: PostComment[] = [];
    const { host, calls } = fakeHost({
      user: fan,
      respond: server([testPost()], (call) => {
        if (call.path !== '/v1/feed/f-1/comments') return undefined;
        if (call.method === 'GET') return page(comments);
        comments = [
          comment({
            author: { _id: 'u-1', username: 'me', avatar_url: null },
            text: 'Hello!',
            can_delete: true,
          }),
        ];
        return { data: comments[0], comment_count: 1 };
      }),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    const toggle = await within(region).findByRole('button', { name: /^Comments/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = await within(region).findByRole('region', { name: 'Comments' });
    expect(
      await within(panel).findByText('No comments yet. Be the first to say something.'),
    ).toBeInTheDocument();
    const send = within(panel).getByRole('button', { name: 'Comment' });
    expect(send).toBeDisabled();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Write a comment' }), '  Hello!  ');
    await userEvent.click(send);
    expect(await within(panel).findByText('Hello!')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
    expect(toggle).toHaveTextContent('Comments 1');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Hello!' });
  });

  it('asks for the oldest first when chosen, and shows a refusal in the server’s words', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server([testPost({ comment_count: 1 })], (call) => {
        if (call.path !== '/v1/feed/f-1/comments') return undefined;
        if (call.method === 'GET') return page([comment()]);
        return failWith(422, 'This comment breaks the rules of Cove and cannot be posted.', {
          code: 'comment_blocked',
        });
      }),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: /^Comments/ }));
    const panel = within(region).getByRole('region', { name: 'Comments' });
    expect(await within(panel).findByText('Counting the days!')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Oldest' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'GET' && c.path === '/v1/feed/f-1/comments')
          .map((c) => c.query.order),
      ).toEqual(['newest', 'oldest']),
    );
    expect(within(panel).getByRole('button', { name: 'Oldest' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Write a comment' }), 'pay me');
    await userEvent.click(within(panel).getByRole('button', { name: 'Comment' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This comment breaks the rules of Cove and cannot be posted.',
    );
  });

  it('gives the creator Hide and a confirmed Delete on each comment', async () => {
    let hidden = false;
    const { host, calls, popups } = fakeHost({
      user: me,
      popupOutcome: () => ({ action: 'confirm' }),
      respond: server([testPost({ comment_count: 1 })], (call) => {
        if (call.path === '/v1/feed/f-1/comments')
          return page([comment({ can_hide: true, can_delete: true, hidden })]);
        if (call.path === '/v1/feed/f-1/comments/cm-1' && call.method === 'PATCH') {
          hidden = true;
          return { data: comment({ hidden: true, can_hide: true, can_delete: true }), comment_count: 0 };
        }
        if (call.path === '/v1/feed/f-1/comments/cm-1' && call.method === 'DELETE')
          return { comment_count: 0 };
        return undefined;
      }),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: /^Comments/ }));
    const panel = within(region).getByRole('region', { name: 'Comments' });
    await userEvent.click(await within(panel).findByRole('button', { name: "Options for jordan's comment" }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(await within(panel).findByText('Hidden: only you and its author see it')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: "Options for jordan's comment" }));
    expect(screen.getByRole('menuitem', { name: 'Unhide' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/v1/feed/f-1/comments/cm-1').map((c) => [c.method, c.body]),
      ).toEqual([
        ['PATCH', { hidden: true }],
        ['DELETE', undefined],
      ]),
    );
    expect(popups[0]).toMatchObject({ kind: 'generic', confirmLabel: 'Delete' });
  });

  it('tells the author their comment was hidden by the creator', async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([testPost({ comment_count: 0 })], (call) =>
        call.path === '/v1/feed/f-1/comments'
          ? page(
              [
                comment({
                  author: { _id: 'u-1', username: 'me', avatar_url: null },
                  hidden: true,
                  can_delete: true,
                }),
              ],
              0,
            )
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: /^Comments/ }));
    expect(await within(region).findByText('Hidden by maya: only you and maya see it')).toBeInTheDocument();
  });
});

describe('pins', () => {
  it('lets the creator pin a post and marks a pinned one', async () => {
    let pinned = false;
    const { host, calls } = fakeHost({
      user: me,
      respond: server([], (call) => {
        if (call.path === '/v1/feed' && call.method === 'GET')
          return { data: [testPost({ pinned })], next: null, is_subscribed: false };
        if (call.path === '/v1/feed/f-1/pin') {
          pinned = call.method === 'PUT';
          return { pinned };
        }
        return undefined;
      }),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Pin' }));
    expect(await within(region).findByText('Pinned')).toBeInTheDocument();
    expect(await within(region).findByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/feed/f-1/pin').map((c) => c.method)).toEqual(['PUT']);
  });

  it('says why a pin is refused', async () => {
    const { host } = fakeHost({
      user: me,
      respond: server([testPost()], (call) =>
        call.path === '/v1/feed/f-1/pin'
          ? failWith(409, 'You can pin up to 3 posts. Unpin one first.', { code: 'pins_full' })
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    await userEvent.click(await within(region).findByRole('button', { name: 'Pin' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'You can pin up to 3 posts. Unpin one first.',
    );
  });
});
