import type { MediaConfig } from '@cove/contracts';
import { testMedia as mediaOf, fakeHost, noContent, testMediaResponse } from '@cove/runtime/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { fan, me, postsRegion, server, signedIn } from './testing/posts-harness';

signedIn();

const mediaLimits: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };
const three = [mediaOf('a'), mediaOf('b', { type: 'video', video_url: '/media/p-b/v.mp4' }), mediaOf('c')];

describe('a post of several photos and videos', () => {
  it('shows one at a time with where it is, moved by buttons and the arrow keys', async () => {
    const post = testPost({
      type: 'image',
      media: three[0] ?? null,
      media_items: three,
      media_count: { images: 2, videos: 1 },
    });
    renderAt('/creators/c-1', fakeHost({ user: fan, respond: server([post]) }).host);
    const region = await postsRegion();
    const carousel = await within(region).findByRole('region', { name: 'Photos and videos' });
    expect(within(carousel).getByRole('group', { name: 'Photo 1 of 3' })).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(carousel).getByRole('button', { name: 'Next' }));
    expect(within(carousel).getByRole('group', { name: 'Video 2 of 3' })).toBeInTheDocument();
    expect(within(carousel).getByLabelText('Video')).toHaveAttribute('src', '/media/p-b/v.mp4');
    carousel.focus();
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(within(carousel).getByText('3 of 3')).toBeInTheDocument();
    expect(within(carousel).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(within(carousel).getByRole('group', { name: 'Video 2 of 3' })).toBeInTheDocument();
  });

  it('says what a locked post holds and shows none of its items', async () => {
    const post = testPost({
      type: 'image',
      text: '',
      teaser: 'Tour',
      price: 40,
      unlocked: false,
      unlock_by: 'buy',
      media: mediaOf('a', { locked: true, th: '/media/p-a/bl.jpg', sr: '/media/p-a/bl.jpg' }),
      media_count: { images: 5, videos: 1 },
    });
    const { host, popups } = fakeHost({ user: fan, respond: server([post]) });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    expect(await within(region).findByText('5 photos · 1 video')).toBeInTheDocument();
    expect(within(region).queryByRole('region', { name: 'Photos and videos' })).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Unlock for $4.00' }));
    // The confirm sheet says what the one purchase opens.
    await waitFor(() =>
      expect(popups[0]).toMatchObject({ charge: { gives: '5 photos · 1 video', amount: 40 } }),
    );
  });
});

describe('the composer', () => {
  it('uploads several files with a progress bar each and posts them in the order chosen', async () => {
    const release = new Map<string, (r: unknown) => void>();
    const { host, calls } = fakeHost({
      user: me,
      respond: server([], (call) => {
        if (call.path === '/v1/media/config') return mediaLimits;
        if (call.path === '/v1/media/available') return { status: false, media: null };
        if (call.path === '/v1/media') {
          const name = (call.body as FormData | undefined)?.get?.('file');
          return new Promise((resolve) =>
            release.set(name instanceof File ? name.name : `f${release.size}`, resolve),
          );
        }
        if (call.path === '/v1/feed' && call.method === 'POST')
          return {
            data: testPost({ _id: 'f-8', type: 'image', media: three[0] ?? null, media_items: three }),
          };
        return undefined;
      }),
    });
    renderAt('/creators/c-1', host);
    const form = await screen.findByRole('form', { name: 'New post' });
    const file = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Add photos or videos'), {
      target: { files: [file('one.png'), file('two.png')] },
    });
    expect(await within(form).findByRole('progressbar', { name: 'Uploading one.png' })).toBeInTheDocument();
    expect(await within(form).findByRole('progressbar', { name: 'Uploading two.png' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Post' })).toBeDisabled();
    await waitFor(() => expect(release.size).toBe(2));
    // The second finishes first; the post keeps the order they were chosen in.
    const [first, second] = [...release.values()];
    await act(async () => second?.(testMediaResponse('m-two')));
    await act(async () => first?.(testMediaResponse('m-one')));
    expect(await within(form).findByText('Photo 2 of 2')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/feed')?.body).toMatchObject({
        type: 'image',
        media_ids: ['m-one', 'm-two'],
      }),
    );
  });

  it('schedules a post for a time in the creator’s own clock, sent in UTC, and refuses the past', async () => {
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    const { host, calls } = fakeHost({
      user: me,
      respond: server([], (call) =>
        call.path === '/v1/feed' && call.method === 'POST'
          ? { data: testPost({ _id: 'f-s', scheduled_for: at.toISOString() }) }
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const form = await screen.findByRole('form', { name: 'New post' });
    await userEvent.type(within(form).getByLabelText('New post'), 'Later today');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Schedule' }));
    const when = within(form).getByLabelText('Publish at (your time)');
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } });
    expect(within(form).getByText('Choose a time in the future to publish this post.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Schedule' })).toBeDisabled();
    fireEvent.change(when, { target: { value: local } });
    await userEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      /^Scheduled for .*Only you see it until then\.$/,
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/feed')?.body).toMatchObject({
      text: 'Later today',
      publish_at: at.toISOString(),
    });
    // Not shown in the feed as if it were out.
    expect(screen.queryByRole('article', { name: 'Post being published' })).toBeNull();
  });
});

describe('the Scheduled list', () => {
  it('publishes a scheduled post now, and deletes another once confirmed', async () => {
    let scheduled = [
      testPost({ _id: 's-1', text: 'First up', scheduled_for: '2099-01-01T10:00:00.000Z' }),
      testPost({ _id: 's-2', text: 'Second', scheduled_for: '2099-01-02T10:00:00.000Z' }),
    ];
    const fake = fakeHost({
      user: me,
      popupOutcome: () => ({ action: 'confirm' }),
      respond: server([], (call) => {
        if (call.path === '/v1/feed/scheduled') return { data: scheduled };
        if (call.path === '/v1/feed/s-1/publish') {
          scheduled = scheduled.filter((p) => p._id !== 's-1');
          return { data: testPost({ _id: 's-1', text: 'First up' }) };
        }
        if (call.path === '/v1/feed/s-2' && call.method === 'DELETE') {
          scheduled = [];
          return noContent();
        }
        return undefined;
      }),
    });
    renderAt('/creators/c-1', fake.host);
    const list = await screen.findByRole('region', { name: 'Scheduled (2)' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(first).toHaveTextContent('First up');
    await userEvent.click(within(first).getByRole('button', { name: 'Publish now' }));
    const region = await postsRegion();
    expect(await within(region).findByText('First up')).toBeInTheDocument();
    const left = await screen.findByRole('region', { name: 'Scheduled (1)' });
    await userEvent.click(within(left).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Scheduled/ })).toBeNull());
  });
});

describe('post statistics', () => {
  it('shows the creator each post’s numbers, ticking live', async () => {
    const post = testPost({ like_count: 2, stats: { views: 3, likes: 2, unlocks: 1, revenue: 20 } });
    const { host, bus } = fakeHost({
      user: me,
      respond: server([post], (call) =>
        call.path === '/v1/feed/f-1/stats'
          ? { data: { feed_id: 'f-1', views: 3, likes: 2, unlocks: 1, revenue: 20 } }
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const region = await postsRegion();
    const line = await within(region).findByLabelText('Post statistics');
    expect(line).toHaveTextContent(/^3 views2 likes1 unlock\$2\.00 earnedStatistics$/);
    act(() =>
      bus.pushServerEvent({
        type: 'post_stats',
        feed_id: 'f-1',
        views: 4,
        likes: 2,
        unlocks: 2,
        revenue: 60,
        seq: 1,
        created_at: '2026-11-25T12:00:00.000Z',
      }),
    );
    await waitFor(() => expect(line).toHaveTextContent(/^4 views2 likes2 unlocks\$6\.00 earned/));
    // A like moves the post's own count, which the numbers show at once.
    act(() =>
      bus.pushServerEvent({
        type: 'post_engagement',
        feed_id: 'f-1',
        like_count: 3,
        comment_count: 0,
        seq: 2,
        created_at: '2026-11-25T12:00:01.000Z',
      }),
    );
    await waitFor(() => expect(line).toHaveTextContent(/^4 views3 likes2 unlocks/));
    await userEvent.click(within(region).getByRole('button', { name: 'Statistics' }));
    const view = await within(region).findByRole('region', { name: 'Statistics for this post' });
    expect(within(view).getByText('Revenue').nextSibling).toHaveTextContent('$6.00');
  });

  it('shows no numbers on someone else’s post', async () => {
    renderAt('/creators/c-1', fakeHost({ user: fan, respond: server([testPost()]) }).host);
    const region = await postsRegion();
    await within(region).findByText('Hello from the studio');
    expect(within(region).queryByLabelText('Post statistics')).toBeNull();
  });
});
