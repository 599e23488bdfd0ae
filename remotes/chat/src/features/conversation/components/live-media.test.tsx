import { act, waitFor, within } from '@testing-library/react';
import type { BundleItem, Message } from '@cove/contracts';
import { testMedia, testMessage } from '@cove/runtime/testing';
import { now, openChat, thread, signedIn } from '../testing/conversation-harness';

signedIn();

const lockedItem = (id: string, overrides: Partial<BundleItem> = {}): BundleItem => ({
  media_id: id,
  type: 'image',
  video_length: null,
  preview: false,
  media: testMedia(id, { locked: true, th: `/media/p-${id}/bl.jpg`, sr: `/media/p-${id}/bl.jpg` }),
  ...overrides,
});

const arrive = (fake: ReturnType<typeof openChat>, message: Message) =>
  act(() => fake.bus.pushServerEvent({ type: 'new_message', seq: 1, created_at: now, message }));

describe('media arriving live', () => {
  it('shows a bundle’s pictures from its event at once, locked ones blurred, reading nothing', async () => {
    const fake = openChat();
    const list = await thread();
    arrive(
      fake,
      testMessage({
        _id: '60',
        chat_id: 'c-u-2',
        type: 'image',
        text: 'Two for you',
        price: 40,
        created_at: now,
        media: testMedia('b1'),
        media_items: [lockedItem('b1', { preview: true, media: testMedia('b1') }), lockedItem('b2')],
      }),
    );
    const bundle = await within(list).findByRole('list', { name: 'Bundle: 2 photos' });
    expect(within(bundle).getByRole('img', { name: 'Photo 1 of 2' })).toHaveAttribute(
      'src',
      '/media/p-b1/sr.jpg',
    );
    expect(within(bundle).getByRole('img', { name: 'Photo 2 of 2, locked' })).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.query.ids !== undefined)).toEqual([]);
  });

  it('shows a photo whose event has no media only once it is read, never empty', async () => {
    let answer: (page: unknown) => void = () => undefined;
    const photo = testMessage({
      _id: '61',
      chat_id: 'c-u-2',
      type: 'image',
      text: 'Sunset',
      created_at: now,
    });
    const fake = openChat({
      respond: ({ path, method, query }) =>
        path === '/v1/messages' && method === 'GET' && query.ids === '61'
          ? new Promise((resolve) => (answer = resolve))
          : undefined,
    });
    const list = await thread();
    arrive(fake, photo);
    await waitFor(() => expect(fake.calls.some((c) => c.query.ids === '61')).toBe(true));
    expect(within(list).queryByText('Sunset')).toBeNull();
    act(() =>
      answer({ data: [{ ...photo, media: testMedia('m61', { st: '/media/p-m61/st.jpg' }) }], next: null }),
    );
    expect(await within(list).findByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      '/media/p-m61/st.jpg',
    );
    expect(within(list).getByText('Sunset')).toBeInTheDocument();
  });
});
