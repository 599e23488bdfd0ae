import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MediaConfig, MediaResponse, VaultItem } from '@cove/contracts';
import type { RecordedCall } from '@cove/runtime/testing';
import { failWith, fakeHost, testMedia, testMediaResponse, testUser } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

function item(id: string, overrides: Partial<VaultItem> = {}): VaultItem {
  return {
    _id: id,
    ...testMedia(id, { th: `/media/t-${id}/th.jpg`, sr: null, width: 320, height: 320 }),
    created_at: '2026-01-01T00:00:00.000Z',
    earned: 0,
    sales: 0,
    ...overrides,
  };
}

const config: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

function renderVault(respond: (call: RecordedCall) => unknown, type: 'featured' | 'user' = 'featured') {
  // Every upload first reads the limits and where to send the file.
  const fake = fakeHost({
    user: testUser({ type }),
    respond: (call) => (call.path === '/v1/media/config' ? config : respond(call)),
  });
  renderAccount('/account/vault', fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

/** An answer the test hands over when it chooses. */
function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Upload photos or videos'), { target: { files: [file] } });

describe('vault', () => {
  it('lists the vault as thumbnails, with videos, processing items and each item’s earnings marked', async () => {
    const { calls } = renderVault((call) =>
      call.path === '/v1/media'
        ? {
            data: [
              item('a', { earned: 120, sales: 3 }),
              item('b', { type: 'video', video_length: 75 }),
              item('c', { status: 'processing', th: null }),
            ],
            next: null,
          }
        : undefined,
    );
    const grid = await screen.findByRole('list', { name: 'Vault media' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(within(grid).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/t-a/th.jpg');
    expect(within(grid).getByRole('listitem', { name: 'Photo 1' })).toHaveTextContent(
      '$12.00 earned · 3 sales',
    );
    expect(within(grid).getByRole('listitem', { name: 'Video 2' })).toHaveTextContent('1m15s');
    expect(within(grid).getByRole('listitem', { name: 'Video 2' })).not.toHaveTextContent('earned');
    expect(within(grid).getByRole('listitem', { name: 'Photo 3' })).toHaveTextContent('Processing…');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/media', query: { limit: '20' } });
  });

  it('opens an item full screen and moves through the vault from there', async () => {
    renderVault((call) =>
      call.path === '/v1/media'
        ? {
            data: [
              item('a', { st: '/media/t-a/st.jpg' }),
              item('b', { type: 'video', video_url: '/media/t-b/web.mp4', video_length: 75 }),
              item('c', { status: 'processing', th: null }),
            ],
            next: null,
          }
        : undefined,
    );
    const grid = await screen.findByRole('list', { name: 'Vault media' });
    const open = within(grid).getByRole('button', { name: 'Open Photo 1 full screen' });
    // Nothing to show yet for an item still processing.
    expect(within(grid).queryByRole('button', { name: 'Open Photo 3 full screen' })).toBeNull();
    fireEvent.click(open);
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByText('1 of 2')).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/t-a/st.jpg');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(within(viewer).getByText('2 of 2')).toBeInTheDocument();
    expect(within(viewer).getByLabelText('Video 2')).toHaveAttribute('src', '/media/t-b/web.mp4');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the vault is empty', async () => {
    renderVault(() => ({ data: [], next: null }));
    expect(await screen.findByRole('heading', { name: 'Your vault is empty' })).toBeInTheDocument();
  });

  it('tells fans the vault is for creators', () => {
    const { calls } = renderVault(() => undefined, 'user');
    expect(screen.getByRole('heading', { name: 'The vault is for creators' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses an empty file before sending anything', async () => {
    const { calls } = renderVault(() => ({ data: [], next: null }));
    await screen.findByRole('heading', { name: 'Your vault is empty' });
    choose(new File([], 'empty.png', { type: 'image/png' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload error');
    expect(alert).toHaveTextContent(
      'This file seems to be corrupted (0 bytes). Please try different file or try using different browser.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows progress while uploading through the shared pipeline, then the new item at the top', async () => {
    const answer = held<MediaResponse>();
    let uploaded = false;
    const { calls } = renderVault((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST') return answer.promise;
      if (call.path === '/v1/media')
        return { data: uploaded ? [item('new'), item('old')] : [item('old')], next: null };
      return undefined;
    });
    await screen.findByRole('list', { name: 'Vault media' });
    choose(new File([new Uint8Array([137, 80, 78, 71])], 'beach.png', { type: 'image/png' }));

    expect(await screen.findByRole('progressbar', { name: 'Uploading beach.png' })).toBeInTheDocument();
    expect(screen.getByText(/of 4 bytes/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      path: '/v1/media',
      body: { type: 'message', file_size: '4', md5: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    expect(calls.find((c) => c.path === '/v1/media/available')?.query).toMatchObject({
      media_id: post?.body && (post.body as { md5: string }).md5,
    });

    uploaded = true;
    answer.release(testMediaResponse('new', { th: '/media/t-new/th.jpg' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/t-new/th.jpg'),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('reuses a file the server already has without uploading it', async () => {
    let asked = false;
    const { calls } = renderVault((call) => {
      if (call.path === '/v1/media/available') {
        asked = true;
        return { status: true, media: testMediaResponse('known', { th: '/media/t-known/th.jpg' }) };
      }
      if (call.path === '/v1/media')
        return { data: asked ? [item('known', { th: '/media/t-known/th.jpg' })] : [], next: null };
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Your vault is empty' });
    choose(new File(['same bytes'], 'again.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      '/media/t-known/th.jpg',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('cancels an upload on request, leaving no error behind', async () => {
    renderVault((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST') return held().promise;
      if (call.path === '/v1/media') return { data: [], next: null };
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Your vault is empty' });
    choose(new File(['x'], 'slow.png', { type: 'image/png' }));
    await screen.findByRole('progressbar', { name: 'Uploading slow.png' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel slow.png' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server refusal of an upload', async () => {
    renderVault((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST')
        return failWith(413, 'This photo is too large.');
      return { data: [], next: null };
    });
    await screen.findByRole('heading', { name: 'Your vault is empty' });
    choose(new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This photo is too large.');
  });
});
