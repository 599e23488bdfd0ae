import { fakeHost } from '@cove/runtime/testing';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { fan, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();

describe('reporting a creator’s post', () => {
  it('sends a reason from the list with the post, then thanks the reporter', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server([testPost()], (call) =>
        call.path === '/v1/users/c-1/report' ? { ok: true } : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const posts = await postsRegion();
    await userEvent.click(await within(posts).findByRole('button', { name: 'Report post' }));
    const send = within(posts).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await userEvent.click(within(posts).getByRole('radio', { name: 'Stolen content' }));
    await userEvent.click(send);
    expect(await within(posts).findByRole('status')).toHaveTextContent(
      'Thank you. Our team will look at this post.',
    );
    expect(calls.find((c) => c.path === '/v1/users/c-1/report')?.body).toEqual({
      reason: 'stolen_content',
      post_id: 'f-1',
    });
  });
});
