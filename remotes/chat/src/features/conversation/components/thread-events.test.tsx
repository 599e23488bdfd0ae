import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, testMediaResponse, testMessage } from '@cove/runtime/testing';
import { now, openChat, thread, mine, signedIn } from '../testing/conversation-harness';
import { chooseMessageAction } from '../testing/message-actions';

signedIn();

describe('what the thread shows and what arrives live', () => {
  it('shows what the other person sends, reads, deletes and types, live', async () => {
    const fake = openChat({ messages: [mine({ _id: '5', text: 'Bye for now' })] });
    const list = await thread();
    act(() => fake.bus.pushServerEvent({ type: 'typing_start', chat_id: 'c-u-2', sender_id: 'u-2' }));
    expect(screen.getByText('maya is typing…')).toBeInTheDocument();
    act(() =>
      fake.bus.pushServerEvent({
        type: 'new_message',
        seq: 1,
        created_at: now,
        message: testMessage({ _id: '6', chat_id: 'c-u-2', text: 'Wait, one more thing', created_at: now }),
      }),
    );
    expect(await within(list).findByText('Wait, one more thing')).toBeInTheDocument();
    expect(screen.queryByText('maya is typing…')).toBeNull();
    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_read',
        seq: 2,
        created_at: now,
        chat_id: 'c-u-2',
        reader_id: 'u-2',
        read_at: now,
      }),
    );
    expect(await within(list).findByText('Read')).toBeInTheDocument();
    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_deleted',
        seq: 3,
        created_at: now,
        chat_id: 'c-u-2',
        message_id: '6',
      }),
    );
    await waitFor(() => expect(within(list).queryByText('Wait, one more thing')).toBeNull());
    expect(fake.calls.filter((c) => c.path.endsWith('/messages'))).toHaveLength(1);
  });

  it('keeps a message that arrives while the thread is first being read', async () => {
    const welcome = testMessage({ _id: '7', chat_id: 'c-u-2', text: 'Welcome!', created_at: now });
    let reads = 0;
    let firstRead: (page: unknown) => void = () => undefined;
    const fake = openChat({
      respond: ({ path }) => {
        if (!path.endsWith('/messages')) return undefined;
        reads++;
        // The first read was taken before the welcome was written, and answers after it arrived.
        if (reads === 1) return new Promise((resolve) => (firstRead = resolve));
        return { data: [welcome], next: null };
      },
    });
    await waitFor(() => expect(reads).toBe(1));
    act(() => fake.bus.pushServerEvent({ type: 'new_message', seq: 1, created_at: now, message: welcome }));
    act(() => firstRead({ data: [], next: null }));
    const list = await thread();
    expect(await within(list).findByText('Welcome!')).toBeInTheDocument();
  });

  it('reads a photo that arrives live again for its media, locked until bought', async () => {
    const photo = testMessage({
      _id: '11',
      type: 'image',
      text: '',
      price: 20,
      created_at: now,
      chat_id: 'c-u-2',
    });
    const locked = testMediaResponse('m11', { locked: true, st: '/media/blur.jpg' }).media;
    const fake = openChat({
      respond: ({ path, method, query }) =>
        path === '/v1/messages' && method === 'GET' && query.ids === '11'
          ? { data: [{ ...photo, media: locked }], next: null }
          : undefined,
    });
    const list = await thread();
    act(() => fake.bus.pushServerEvent({ type: 'new_message', seq: 1, created_at: now, message: photo }));
    expect(await within(list).findByRole('button', { name: 'Unlock for $2.00' })).toBeInTheDocument();
  });

  it('locks a paid text until bought, then shows it marked as bought', async () => {
    const locked = testMessage({ _id: '9', type: 'text', text: '', price: 30, paid: false, created_at: now });
    const fake = openChat({
      messages: [locked],
      respond: ({ path }) =>
        path === '/v1/messages/9/buy'
          ? { data: { ...locked, text: 'My full plan', paid: true }, credits: 70 }
          : undefined,
    });
    const list = await thread();
    expect(within(list).getByText('Message · $3.00')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Unlock for $3.00' }));
    expect(await within(list).findByText('My full plan')).toBeInTheDocument();
    expect(within(list).getByText('Bought · $3.00')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Unlock/ })).toBeNull();
    expect(fake.calls.some((c) => c.path === '/v1/messages/9/buy')).toBe(true);
  });

  it('unlocks a paid photo, and says so when it was already bought', async () => {
    const locked = (id: string) =>
      testMessage({
        _id: id,
        type: 'image',
        text: '',
        price: 50,
        created_at: now,
        media: testMediaResponse(`m${id}`, { locked: true, sr: '/media/blur.jpg', st: '/media/blur.jpg' })
          .media,
      });
    const open = (id: string) => ({
      ...locked(id),
      paid: true,
      media: testMediaResponse(`m${id}`, { st: `/media/p-m${id}/st.jpg` }).media,
    });
    const fake = openChat({
      messages: [locked('8'), locked('7')],
      respond: ({ path, method, query }) => {
        if (path === '/v1/messages/7/buy') return { data: open('7'), credits: 200 };
        if (path === '/v1/messages/8/buy')
          return failWith(409, 'Message was already purchased.', { code: 'already_purchased' });
        if (path === '/v1/messages' && method === 'GET' && query.ids === '8')
          return { data: [open('8')], next: null };
        return undefined;
      },
    });
    const list = await thread();
    const [first, second] = within(list).getAllByRole('button', { name: 'Unlock for $5.00' });
    if (!first || !second) throw new Error('two locked photos expected');
    await userEvent.click(first);
    expect(await within(list).findByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      '/media/p-m7/st.jpg',
    );
    expect(fake.calls.find((c) => c.path === '/v1/messages/7/buy')?.method).toBe('PATCH');

    await userEvent.click(second);
    expect(await screen.findByRole('alert')).toHaveTextContent('Message was already purchased.');
    await waitFor(() => expect(within(list).getAllByRole('img', { name: 'Photo' })).toHaveLength(2));
  });

  it('offers credits for a paid photo the fan cannot pay, carrying the message to the payment', async () => {
    const photo = testMessage({
      _id: '12',
      chat_id: 'c-u-2',
      type: 'image',
      text: '',
      price: 50,
      created_at: now,
      media: testMediaResponse('m12', { locked: true, sr: '/media/blur.jpg', st: '/media/blur.jpg' }).media,
    });
    const fake = openChat({
      messages: [photo],
      respond: ({ path }) =>
        path === '/v1/messages/12/buy'
          ? failWith(402, 'You have no credits.', { code: 'not_enough_credits' })
          : undefined,
    });
    const list = await thread();
    await userEvent.click(within(list).getByRole('button', { name: 'Unlock for $5.00' }));
    await waitFor(() =>
      expect(fake.popups).toContainEqual({
        kind: 'not-enough-credits',
        message: 'You have no credits.',
        backTo: '/chats/u-2',
        purchase: { model_id: 'u-2', chat_id: 'c-u-2', message_id: '12' },
      }),
    );
  });

  it('asks before deleting or hiding a message, then says so when it cannot be deleted, and hides one for me', async () => {
    const fake = openChat({
      confirm: true,
      messages: [
        mine({ _id: '5', text: 'Paid already', price: 20 }),
        testMessage({ _id: '6', text: 'Spam', created_at: now }),
      ],
      respond: ({ path }) =>
        path === '/v1/messages/5'
          ? failWith(403, 'You can not delete this message.', { code: 'cannot_delete' })
          : undefined,
    });
    const list = await thread();
    await chooseMessageAction(within(list).getByRole('article', { name: /Paid already/ }), 'Delete');
    expect(await screen.findByRole('alert')).toHaveTextContent('You can not delete this message.');
    expect(fake.popups).toEqual([{ kind: 'confirm-delete-message', paid: true }]);
    expect(within(list).getByText('Paid already')).toBeInTheDocument();
    await chooseMessageAction(within(list).getByRole('article', { name: /Spam/ }), 'Hide');
    await waitFor(() => expect(within(list).queryByText('Spam')).toBeNull());
    expect(fake.popups.at(-1)).toEqual({ kind: 'confirm-hide-message' });
    expect(fake.calls.find((c) => c.path === '/v1/messages/6/hide-for-me')?.method).toBe('PATCH');
  });

  it('deletes and hides nothing when the confirm is called off', async () => {
    const fake = openChat({
      messages: [mine({ _id: '5', text: 'Mine' }), testMessage({ _id: '6', text: 'Theirs' })],
    });
    const list = await thread();
    await chooseMessageAction(within(list).getByRole('article', { name: /Mine/ }), 'Delete');
    await chooseMessageAction(within(list).getByRole('article', { name: /Theirs/ }), 'Hide');
    await waitFor(() => expect(fake.popups).toHaveLength(2));
    expect(fake.popups[0]).toEqual({ kind: 'confirm-delete-message', paid: false });
    expect(within(list).getByText('Mine')).toBeInTheDocument();
    expect(within(list).getByText('Theirs')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/v1/messages/'))).toEqual([]);
  });

  it('counts down a self-destructing message and takes it away when its time is up', async () => {
    const soon = new Date(Date.now() + 2 * 60 * 60 * 1000 + 30_000).toISOString();
    openChat({
      messages: [
        testMessage({ _id: '2', text: 'Gone soon', self_destruct: true, destruct_at: soon, created_at: now }),
        testMessage({
          _id: '1',
          text: 'Already gone',
          self_destruct: true,
          destruct_at: now,
          created_at: now,
        }),
      ],
    });
    const list = await thread();
    expect(within(list).getByText('Disappears in 2h 0m')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Already gone')).toBeNull());
  });
});
