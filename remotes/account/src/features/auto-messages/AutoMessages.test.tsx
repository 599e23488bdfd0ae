import type { AutoMessageCategoryDto, MediaConfig, MediaDescriptor } from '@cove/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  failWith,
  fakeHost,
  testMedia,
  testMediaResponse,
  testUser,
  type RecordedCall,
  testConfig,
} from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const config: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

function category(name: AutoMessageCategoryDto['category'], over: Partial<AutoMessageCategoryDto> = {}) {
  return { category: name, excerpt: '', delay_minutes: 0, cooldown_hours: 0, messages: [], ...over };
}

const savedWelcome = category('welcome', {
  excerpt: 'Hi there!',
  delay_minutes: 15,
  messages: [
    { _id: 'a1', type: 'text', text: 'Hi there!', price: 0, media_id: null, media: null, media_items: null },
    {
      _id: 'a2',
      type: 'media',
      text: 'For you',
      price: 30,
      media_id: 'm1',
      media: testMedia('m1', { th: '/media/m1/th.jpg' }),
      media_items: null,
    },
  ],
});

const all = (welcome = savedWelcome) => ({
  data: [welcome, category('new_follower'), category('new_subscriber'), category('first_purchase')],
});

/** Answers the list, the media config, and each PUT as the server would (echoing it with new ids). */
function renderEditor(
  path: string,
  opts: {
    put?: (call: RecordedCall) => unknown;
    /** The saved categories, when not `all()`. */
    list?: () => unknown;
    other?: (call: RecordedCall) => unknown;
    confirm?: boolean;
    /** Without the `usd_content` permission: prices up to $100. */
    standardPrices?: boolean;
  } = {},
) {
  let n = 0;
  const fake = fakeHost({
    user: testUser({ type: 'featured' }),
    popupOutcome: () => ({ action: opts.confirm ? 'confirm' : 'dismiss' }),
    respond: (call) => {
      if (call.path === '/v1/media/config') return config;
      if (call.path === '/v1/auto-messages' && call.method === 'GET') return opts.list?.() ?? all();
      if (call.path === '/v1/auto-messages' && call.method === 'PUT') {
        const custom = opts.put?.(call);
        if (custom !== undefined) return custom;
        const body = call.body as {
          category: 'welcome';
          auto_messages: { type: string; text: string; price: number; media_id?: string }[];
        };
        return {
          data: category(body.category, {
            excerpt: body.auto_messages[0]?.text ?? '',
            messages: body.auto_messages.map((m) => ({
              _id: `s${++n}`,
              type: m.type as 'text',
              text: m.text,
              price: m.price,
              media_id: m.media_id ?? null,
              media: m.media_id ? testMedia(m.media_id) : null,
              media_items: null,
            })),
          }),
        };
      }
      return opts.other?.(call);
    },
  });
  if (opts.standardPrices)
    fake.session.config = testConfig({ features: { ...testConfig().features, usd_content: false } });
  renderAccount(path, fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('auto-messages', () => {
  it('lists the categories with their excerpt and count', async () => {
    renderEditor('/account/auto-messages');
    const list = await screen.findByRole('list', { name: 'Auto-message categories' });
    const welcome = within(list).getByRole('listitem', { name: 'Welcome' });
    expect(welcome).toHaveTextContent('2 messages');
    expect(welcome).toHaveTextContent('“Hi there!”');
    expect(within(list).getByRole('listitem', { name: 'New follower' })).toHaveTextContent('Off');
    expect(within(welcome).getByRole('link', { name: 'Welcome' })).toHaveAttribute(
      'href',
      '/account/auto-messages/welcome',
    );
  });

  it('warns in the console of a photo or video without its media or dimensions, and still lists it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const message = (id: string, mediaId: string, media: MediaDescriptor | null) => ({
      _id: id,
      type: 'media' as const,
      text: '',
      price: 0,
      media_id: mediaId,
      media,
      media_items: null,
    });
    const incomplete = category('welcome', {
      excerpt: 'Photo',
      messages: [
        message('a1', 'm1', null),
        message('a2', 'm2', testMedia('m2', { type: 'video', width: null, height: null })),
        message('a3', 'm3', testMedia('m3')),
      ],
    });
    renderEditor('/account/auto-messages/welcome', { list: () => all(incomplete) });
    const list = await screen.findByRole('list', { name: 'Welcome messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(warn.mock.calls).toEqual([
      ['Auto-message a1 (welcome) is a photo or video without its media.'],
      ['Auto-message a2 (welcome) is a video without dimensions.'],
    ]);
    warn.mockRestore();
  });

  it('tells fans auto-messages are for creators', () => {
    const fake = fakeHost({ user: testUser({ type: 'user' }) });
    renderAccount('/account/auto-messages', fake.host);
    expect(screen.getByRole('heading', { name: 'Auto-messages are for creators' })).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
  });

  it('adds a bundle of vault items as one message, prices it and frees one as a preview', async () => {
    const vaultEntry = (id: string) => ({
      ...testMedia(id),
      _id: id,
      created_at: '2026-01-01T00:00:00.000Z',
      earned: 0,
      sales: 0,
    });
    const { calls } = renderEditor('/account/auto-messages/welcome', {
      other: (call) =>
        call.path === '/v1/media' && call.method === 'GET'
          ? { data: [vaultEntry('v1'), vaultEntry('v2'), vaultEntry('v3')], next: null }
          : undefined,
    });
    await screen.findByRole('list', { name: 'Welcome messages' });
    fireEvent.click(screen.getByRole('button', { name: 'Bundle from vault' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bundle photo 1' }));
    expect(screen.getByRole('button', { name: 'Pick 2 or more for a bundle' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Bundle photo 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a bundle of 2' }));
    const card = screen.getByRole('listitem', { name: 'Message 3' });
    expect(card).toHaveTextContent('3. Bundle of 2');
    fireEvent.change(screen.getByLabelText('Price of message 3 in dollars'), { target: { value: '4' } });
    fireEvent.click(within(card).getByRole('radio', { name: 'Free preview (Photo 2 of 2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(puts(calls)[0]).toMatchObject({
      auto_messages: [
        { type: 'text' },
        { type: 'media', media_id: 'm1' },
        {
          type: 'media',
          price: 40,
          media_id: 'v1',
          media_items: [
            { media_id: 'v1', preview: false },
            { media_id: 'v2', preview: true },
          ],
        },
      ],
    });
  });

  it('adds a text message, then saves the whole category', async () => {
    const { calls } = renderEditor('/account/auto-messages/welcome');
    const list = await screen.findByRole('list', { name: 'Welcome messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Add text' }));
    const box = screen.getByLabelText('Message 3 text');
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: 'Glad you came' } });
    fireEvent.change(screen.getByLabelText('Price of message 3 in dollars'), { target: { value: '1.50' } });
    expect(within(list).getByRole('listitem', { name: 'Message 3' })).toHaveTextContent('Not saved');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(puts(calls)).toEqual([
      {
        category: 'welcome',
        delay_minutes: 15,
        cooldown_hours: 0,
        auto_messages: [
          { type: 'text', text: 'Hi there!', price: 0 },
          { type: 'media', text: 'For you', price: 30, media_id: 'm1' },
          { type: 'text', text: 'Glad you came', price: 15 },
        ],
      },
    ]);
    expect(screen.queryByText('Not saved')).toBeNull();
  });

  it('refuses a price that is not one until it is fixed', async () => {
    renderEditor('/account/auto-messages/welcome');
    const price = await screen.findByLabelText('Price of message 1 in dollars');
    fireEvent.change(price, { target: { value: '1.55' } });
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(price, { target: { value: '1.50' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the creator’s price limit and refuses a price above it in the server’s words', async () => {
    const { calls } = renderEditor('/account/auto-messages/welcome', { standardPrices: true });
    const price = await screen.findByLabelText('Price of message 1 in dollars');
    expect(price).toHaveAccessibleDescription('Up to $100.00.');
    fireEvent.change(price, { target: { value: '100.10' } });
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(
      'Up to $100.00. Prices above $100.00 need staff approval: ask support to allow higher prices.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(price, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    const [saved] = puts(calls) as { auto_messages: { price: number }[] }[];
    expect(saved?.auto_messages[0]?.price).toBe(1_000);
  });

  it('resets to the last saved state', async () => {
    renderEditor('/account/auto-messages/welcome');
    const box = await screen.findByLabelText('Message 1 text');
    fireEvent.change(box, { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move message 1 down' }));
    fireEvent.change(screen.getByLabelText('Send'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Message 1 text')).toHaveValue('Hi there!');
    expect(screen.getByLabelText('Caption of message 2 (optional)')).toHaveValue('For you');
    expect(screen.getByLabelText('Send')).toHaveValue('15');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('clears the category after a confirmation', async () => {
    const { calls, popups } = renderEditor('/account/auto-messages/welcome', { confirm: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(
      await screen.findByText('No messages yet: this category is off. Add a text, a photo or a video.'),
    ).toBeInTheDocument();
    expect(popups[0]).toMatchObject({
      kind: 'generic',
      sentence: 'Clear the Welcome auto-messages? Fans will no longer get them.',
    });
    expect(puts(calls)).toEqual([{ category: 'welcome', auto_messages: [] }]);
    expect(screen.getByRole('status')).toHaveTextContent('Cleared.');
  });

  it('marks a saved message as being deleted, and restores it when the delete fails', async () => {
    let fail = true;
    const { calls } = renderEditor('/account/auto-messages/welcome', {
      put: () => (fail ? failWith(500, 'Something went wrong.') : undefined),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete message 1' }));
    expect(screen.getByText('Deleting…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.queryByText('Deleting…')).toBeNull();
    expect(screen.getByLabelText('Message 1 text')).toHaveValue('Hi there!');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete message 1' }));
    await waitFor(() => expect(screen.queryByLabelText('Message 1 text')).toBeNull());
    expect(screen.getByLabelText('Caption of message 1 (optional)')).toHaveValue('For you');
    expect(puts(calls).at(-1)).toMatchObject({
      auto_messages: [{ type: 'media', text: 'For you', price: 30, media_id: 'm1' }],
    });
  });

  it('shows a failed upload as failed until removed, and sends nothing for it', async () => {
    const { calls } = renderEditor('/account/auto-messages/welcome', {
      other: (call) => {
        if (call.path === '/v1/media/available') return { status: false, media: null };
        if (call.path === '/v1/media' && call.method === 'POST')
          return failWith(413, 'This photo is too large.');
        return undefined;
      },
    });
    await screen.findByRole('list', { name: 'Welcome messages' });
    fireEvent.change(screen.getByLabelText('Upload photo or video'), {
      target: { files: [new File(['x'], 'big.png', { type: 'image/png' })] },
    });
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Upload error');
    expect(failed).toHaveTextContent('big.png: This photo is too large.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove big.png' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(puts(calls)).toEqual([]);
  });

  it('adds an upload with progress, then as a message once uploaded', async () => {
    let release: (r: Response) => void = () => undefined;
    renderEditor('/account/auto-messages/welcome', {
      other: (call) => {
        if (call.path === '/v1/media/available') return { status: false, media: null };
        if (call.path === '/v1/media' && call.method === 'POST')
          return new Promise<Response>((resolve) => (release = resolve));
        return undefined;
      },
    });
    await screen.findByRole('list', { name: 'Welcome messages' });
    fireEvent.change(screen.getByLabelText('Upload photo or video'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'beach.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('progressbar', { name: 'Uploading beach.png' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Message 3' })).toHaveTextContent('Uploading beach.png');
    release(Response.json(testMediaResponse('m9', { th: '/media/m9/th.jpg' })));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const added = screen.getByRole('listitem', { name: 'Message 3' });
    expect(within(added).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', '/media/m9/th.jpg');
    expect(added).toHaveTextContent('Not saved');
  });
});
