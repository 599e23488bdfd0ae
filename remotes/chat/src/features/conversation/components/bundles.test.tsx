import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BundleItem, VaultItem } from '@cove/contracts';
import { testMedia, testMediaResponse, testMessage, testUser } from '@cove/runtime/testing';
import { now, openChat, thread, sent, mine, signedIn } from '../testing/conversation-harness';

signedIn();

const vaultItem = (id: string, overrides: Partial<VaultItem> = {}): VaultItem => ({
  ...testMedia(id),
  _id: id,
  created_at: now,
  earned: 0,
  sales: 0,
  ...overrides,
});
const vault = [
  vaultItem('v1'),
  vaultItem('v2'),
  vaultItem('v3', { type: 'video', video_length: 42, sr: null, th: '/media/p-v3/th.jpg' }),
];
const creator = testUser({ _id: 'u-1', type: 'featured' });

describe('a creator’s composer', () => {
  it('sends several vault items as one paid bundle with a free preview', async () => {
    const fake = openChat({
      user: creator,
      respond: (call) => {
        if (call.path === '/v1/media' && call.method === 'GET') return { data: vault, next: null };
        if (call.path === '/v1/messages' && call.method === 'POST')
          return {
            data: mine({ _id: '9', type: 'image', text: 'Three for you', price: 50, paid: true }),
            credits: 0,
          };
        return undefined;
      },
    });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Vault' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add photo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add photo 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add video 3' }));
    expect(screen.getByRole('button', { name: 'Add photo 1' })).toHaveAttribute('aria-pressed', 'true');
    const attached = screen.getByRole('group', { name: 'Attachments' });
    expect(within(attached).getByText('Bundle of 3 (up to 10)')).toBeInTheDocument();
    // No free preview until the bundle has a price.
    expect(within(attached).queryByRole('radio')).toBeNull();
    await userEvent.type(within(attached).getByRole('spinbutton', { name: 'Price ($)' }), '5');
    await userEvent.click(within(attached).getByRole('radio', { name: 'Free preview (photo 2)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Three for you');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]?.body).toMatchObject({
      type: 'image',
      text: 'Three for you',
      price: 50,
      media_items: [
        { media_id: 'v1', preview: false },
        { media_id: 'v2', preview: true },
        { media_id: 'v3', preview: false },
      ],
    });
    // Nothing was uploaded: vault items go as they are.
    expect(fake.calls.filter((c) => c.path === '/v1/media' && c.method === 'POST')).toEqual([]);
  });

  it('mixes a new upload with a vault item, and takes an item out again', async () => {
    const fake = openChat({
      user: creator,
      respond: (call) => {
        if (call.path === '/v1/media' && call.method === 'GET') return { data: vault, next: null };
        if (call.path === '/v1/media/available') return { status: false, media: null };
        if (call.path === '/v1/media' && call.method === 'POST') return testMediaResponse('new1');
        if (call.path === '/v1/messages' && call.method === 'POST')
          return { data: mine({ _id: '9', type: 'image', text: '' }), credits: 0 };
        return undefined;
      },
    });
    await thread();
    const photo = new File([new Uint8Array(2048)], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo or video file'), { target: { files: [photo] } });
    await userEvent.click(screen.getByRole('button', { name: 'Vault' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add photo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add photo 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]?.body).toMatchObject({
      type: 'image',
      price: 0,
      media_items: [
        { media_id: 'new1', preview: false },
        { media_id: 'v1', preview: false },
      ],
    });
  });

  it('sends one vault item as an ordinary media message', async () => {
    const fake = openChat({
      user: creator,
      respond: (call) => {
        if (call.path === '/v1/media' && call.method === 'GET') return { data: vault, next: null };
        if (call.path === '/v1/messages' && call.method === 'POST')
          return { data: mine({ _id: '9', type: 'video', text: '' }), credits: 0 };
        return undefined;
      },
    });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Vault' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add video 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]?.body).toMatchObject({ type: 'video', media_id: 'v3', public_id: 'p-v3' });
    expect(sent(fake)[0]?.body).not.toHaveProperty('media_items');
  });

  it('offers no vault to a fan', async () => {
    openChat();
    await thread();
    expect(screen.queryByRole('button', { name: 'Vault' })).toBeNull();
  });
});

const item = (id: string, overrides: Partial<BundleItem> = {}): BundleItem => ({
  media_id: id,
  type: 'image',
  video_length: null,
  preview: false,
  media: testMedia(id, { locked: true, th: `/media/p-${id}/bl.jpg`, sr: `/media/p-${id}/bl.jpg` }),
  ...overrides,
});

describe('a bundle in the thread', () => {
  const locked = testMessage({
    _id: '50',
    type: 'image',
    text: '3 pics + 1 video, just for you',
    price: 80,
    created_at: now,
    media_items: [
      item('b1', { preview: true, media: testMedia('b1') }),
      item('b2'),
      item('b3'),
      item('b4', { type: 'video', video_length: 42 }),
    ],
  });

  it('shows the fan its text, what is inside, the free preview, and the unlock', async () => {
    openChat({ messages: [locked] });
    await thread();
    const bundle = await screen.findByRole('list', { name: 'Bundle: 3 photos · 1 video 42s' });
    expect(within(bundle).getByRole('img', { name: 'Photo 1 of 4' })).toHaveAttribute(
      'src',
      '/media/p-b1/sr.jpg',
    );
    expect(within(bundle).getByText('Free preview')).toBeInTheDocument();
    for (const name of ['Photo 2 of 4, locked', 'Photo 3 of 4, locked', 'Video 4 of 4, locked'])
      expect(within(bundle).getByRole('img', { name })).toBeInTheDocument();
    expect(screen.getByText('3 pics + 1 video, just for you')).toBeInTheDocument();
    expect(screen.getByText('3 photos · 1 video 42s · $8.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock for $8.00' })).toBeInTheDocument();
  });

  it('opens every item once bought', async () => {
    const bought = {
      ...locked,
      paid: true,
      media_items: (locked.media_items ?? []).map((i) => ({
        ...i,
        media: testMedia(
          i.media_id,
          i.type === 'video' ? { type: 'video', video_url: `/media/${i.media_id}.mp4` } : {},
        ),
      })),
    };
    openChat({ messages: [bought] });
    await thread();
    const bundle = await screen.findByRole('list', { name: 'Bundle: 3 photos · 1 video 42s' });
    expect(within(bundle).queryByRole('img', { name: /locked/ })).toBeNull();
    expect(within(bundle).getAllByRole('img')).toHaveLength(3);
    expect(within(bundle).getByLabelText('Video 4 of 4')).toHaveAttribute('src', '/media/b4.mp4');
    expect(screen.getByText('3 photos · 1 video 42s · Bought · $8.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull();

    // Full screen, the arrows go through every item of the bundle; Escape gives focus back.
    const user = userEvent.setup();
    const second = within(bundle).getByRole('button', { name: 'Open photo 2 of 4 full screen' });
    await user.click(second);
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByText('2 of 4')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('3 of 4')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByLabelText('Video 4 of 4')).toHaveAttribute('src', '/media/b4.mp4');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(second).toHaveFocus();
  });

  it('names what the bundle holds on the confirm sheet before it charges', async () => {
    const fake = openChat({ messages: [locked], charge: 'dismiss' });
    await thread();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unlock for $8.00' }));
    await waitFor(() => expect(fake.popups).toHaveLength(1));
    expect(fake.popups[0]).toMatchObject({
      kind: 'confirm-charge',
      charge: { kind: 'unlock', gives: '3 photos · 1 video 42s', amount: 80 },
    });
    expect(fake.calls.some((c) => c.path.endsWith('/buy'))).toBe(false);
  });

  it('takes the fan through only the items he may see while the bundle is locked', async () => {
    openChat({ messages: [locked] });
    await thread();
    const bundle = await screen.findByRole('list', { name: 'Bundle: 3 photos · 1 video 42s' });
    expect(within(bundle).getAllByRole('button', { name: /full screen/ })).toHaveLength(1);
    await userEvent
      .setup()
      .click(within(bundle).getByRole('button', { name: 'Open photo 1 of 4 full screen' }));
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByRole('img', { name: 'Photo 1 of 4' })).toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: /next/i })).toBeNull();
  });
});
