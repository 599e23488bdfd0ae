import { failWith, fakeHost } from '@cove/runtime/testing';
import { screen, within } from '@testing-library/react';
import { testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { fan, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();
const scrolled = jest.fn();
beforeAll(() => {
  Element.prototype.scrollIntoView = scrolled;
});

const newest = testPost({ _id: 'f-new', text: 'The newest post' });

describe('a profile opened on one post (?post=)', () => {
  it('reads a post the first page does not hold on its own, shows it first and focuses it', async () => {
    const older = testPost({ _id: 'f-old', text: '', price: 60, unlocked: false, unlock_by: 'buy' });
    const { host, calls } = fakeHost({
      user: fan,
      respond: server([newest], (call) => (call.path === '/v1/feed/f-old' ? { data: older } : undefined)),
    });
    renderAt('/creators/c-1?post=f-old', host);
    const posts = await postsRegion();
    const opened = await within(posts).findByRole('button', { name: 'Unlock for $6.00' });
    const articles = within(posts).getAllByRole('article');
    expect(articles[0]).toContainElement(opened);
    expect(articles[1]).toHaveTextContent('The newest post');
    expect(calls.filter((c) => c.path === '/v1/feed/f-old')).toHaveLength(1);
    expect(articles[0]).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
  });

  it('reads nothing more when the loaded feed already holds the post', async () => {
    const { host, calls } = fakeHost({ user: fan, respond: server([newest]) });
    renderAt('/creators/c-1?post=f-new', host);
    const posts = await postsRegion();
    expect(await within(posts).findByText('The newest post')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/feed/f-new')).toBe(false);
  });

  it('says so when the post cannot be had, and still shows the feed', async () => {
    const { host } = fakeHost({
      user: fan,
      respond: server([newest], (call) =>
        call.path === '/v1/feed/f-gone' ? failWith(404, 'Post not found.', { code: 'not_found' }) : undefined,
      ),
    });
    renderAt('/creators/c-1?post=f-gone', host);
    const posts = await postsRegion();
    expect(await within(posts).findByRole('alert')).toHaveTextContent('Post not found.');
    expect(within(posts).getByText('The newest post')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
