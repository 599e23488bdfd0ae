import type { MediaConfig } from '@cove/contracts';
import { failWith, fakeHost, noContent, testConfig, testMediaResponse } from '@cove/runtime/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMedia, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { me, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();

const mediaLimits: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

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

  it('shows the creator’s price limit and refuses a price above it in the server’s words', async () => {
    const fake = fakeHost({ user: me, respond: server([]) });
    fake.session.config = testConfig({ features: { ...testConfig().features, usd_content: false } });
    renderAt('/creators/c-1', fake.host);
    const form = await screen.findByRole('form', { name: 'New post' });
    await userEvent.type(within(form).getByLabelText('New post'), 'Studio tour');
    const price = within(form).getByLabelText('Price ($, optional)');
    expect(price).toHaveAccessibleDescription('Up to $100.00.');
    await userEvent.type(price, '150');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText(/^Prices above \$100\.00 need staff approval/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Post' })).toBeDisabled();
    await userEvent.clear(price);
    await userEvent.type(price, '100');
    expect(price).toHaveAttribute('aria-invalid', 'false');
    expect(within(form).getByRole('button', { name: 'Post' })).toBeEnabled();
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
      fireEvent.change(within(form).getByLabelText('Add photos or videos'), {
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
    expect(await within(form).findByText('Photo 1 of 1')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('img', { name: 'Photo' })).toHaveAttribute('src', '/media/p-md-1/th.jpg');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/feed')?.body).toMatchObject({
      type: 'image',
      media_ids: ['new'],
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
    const form = await within(region).findByRole('form', { name: 'Edit post' });
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
