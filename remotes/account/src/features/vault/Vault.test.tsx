import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MediaConfig, MediaResponse, VaultItem } from '@cove/contracts';
import { fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import App from '../../App';

function item(id: string, overrides: Partial<VaultItem> = {}): VaultItem {
  return {
    _id: id,
    media_id: id,
    public_id: `p-${id}`,
    type: 'image',
    status: 'ready',
    locked: false,
    th: `/media/t-${id}/th.jpg`,
    st: null,
    rt: null,
    sr: null,
    video_url: null,
    width: 320,
    height: 320,
    video_length: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const config: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

function renderVault(respond: (call: RecordedCall) => unknown, type: 'featured' | 'user' = 'featured') {
  const fake = fakeHost({ user: testUser({ type }), respond });
  render(
    <MemoryRouter initialEntries={['/account/vault']}>
      <Routes>
        <Route path="/account/*" element={<App host={fake.host} />} />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}

/** A stand-in XMLHttpRequest the test drives by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = null;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  window.localStorage.setItem('auth-token', 'tok-1');
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  window.localStorage.clear();
});

describe('vault', () => {
  it('lists the vault as thumbnails, with videos and processing items marked', async () => {
    const { calls } = renderVault((call) =>
      call.path === '/v1/media'
        ? {
            data: [
              item('a'),
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
    expect(within(grid).getByRole('listitem', { name: 'Video 2' })).toHaveTextContent('1:15');
    expect(within(grid).getByRole('listitem', { name: 'Photo 3' })).toHaveTextContent('Processing…');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/media', query: { limit: '20' } });
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
    renderVault(() => ({ data: [], next: null }));
    await screen.findByRole('heading', { name: 'Your vault is empty' });
    const input = screen.getByLabelText('Upload photos or videos');
    fireEvent.change(input, { target: { files: [new File([], 'empty.png', { type: 'image/png' })] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload error');
    expect(alert).toHaveTextContent(
      'This file seems to be corrupted (0 bytes). Please try different file or try using different browser.',
    );
    expect(FakeXhr.last).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows progress while uploading, then the new item at the top', async () => {
    let uploaded = false;
    renderVault((call) => {
      if (call.path === '/v1/media/config') return config;
      if (call.path === '/v1/media') return { data: uploaded ? [item('new')] : [item('old')], next: null };
      return undefined;
    });
    await screen.findByRole('list', { name: 'Vault media' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload photos or videos'), { target: { files: [file] } });

    const progress = await screen.findByRole('progressbar', { name: 'Uploading beach.png' });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/media');
    expect(xhr.headers).toMatchObject({ 'access-token': 'tok-1', 'web-type': 'react' });
    expect([...(xhr.body as FormData).keys()]).toEqual(['type', 'file_size', 'file']);
    expect((xhr.body as FormData).get('file_size')).toBe('4');

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(progress).toHaveAttribute('value', '40');
    expect(screen.getByText('Uploading beach.png (40%)')).toBeInTheDocument();

    const answer: MediaResponse = {
      media_id: 'new',
      public_id: 'p-new',
      width: 320,
      height: 320,
      video_length: null,
      status: 'ready',
      message: null,
      media: item('new'),
    };
    uploaded = true;
    act(() => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify(answer);
      xhr.onload?.();
    });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/media/t-new/th.jpg'),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server refusal of an upload', async () => {
    renderVault((call) => (call.path === '/v1/media' ? { data: [], next: null } : config));
    await screen.findByRole('heading', { name: 'Your vault is empty' });
    fireEvent.change(screen.getByLabelText('Upload photos or videos'), {
      target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] },
    });
    await screen.findByRole('progressbar');
    act(() => {
      const xhr = FakeXhr.last as FakeXhr;
      xhr.status = 413;
      xhr.responseText = JSON.stringify({ message: 'This photo is too large.' });
      xhr.onload?.();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This photo is too large.');
  });
});
