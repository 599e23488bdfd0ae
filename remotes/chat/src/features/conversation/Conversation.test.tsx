import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Chat, ChatUser, MediaConfig, Message } from '@cove/contracts';
import {
  failWith,
  fakeHost,
  testChat,
  testChatsPage,
  testMediaResponse,
  testMessage,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import App from '../../App';

const now = new Date().toISOString();
const maya: ChatUser = {
  _id: 'u-2',
  username: 'maya',
  type: 'featured',
  gender: 'female',
  avatar_url: null,
  last_online: null,
  is_online: true,
  is_staff: false,
  intro_enabled: false,
};
const chat = (overrides: Partial<Chat> = {}) =>
  testChat({ other: { _id: 'u-2', username: 'maya' }, ...overrides });
const mediaConfig: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

interface World {
  user?: ReturnType<typeof testUser>;
  chat?: Chat;
  messages?: Message[];
  respond?: (call: RecordedCall) => unknown;
  confirm?: boolean;
}

/** A chat with maya, open at /chats/u-2; `respond` answers first, the chat's defaults after it. */
function openChat(world: World = {}) {
  const fake = fakeHost({
    user: world.user ?? testUser({ _id: 'u-1' }),
    popupOutcome: () => ({ action: world.confirm ? 'confirm' : 'dismiss' }),
    respond: async (call) => {
      const answer = await world.respond?.(call);
      if (answer !== undefined) return answer;
      if (call.path === '/v1/chat') return { data: world.chat ?? chat(), user: maya };
      if (call.path === '/v1/chats') return call.method === 'GET' ? testChatsPage([]) : { updated: 1 };
      if (call.path.endsWith('/messages')) return { data: world.messages ?? [], next: null };
      if (call.path === '/v1/media/config') return mediaConfig;
      return undefined;
    },
  });
  render(
    <MemoryRouter initialEntries={['/chats/u-2']}>
      <Routes>
        <Route path="/chats/*" element={<App host={fake.host} />} />
        <Route path="/account/get-credits" element={<GetCreditsStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
  return fake;
}

/** Where Buy Credits leads, saying which back-target it was given. */
function GetCreditsStandIn() {
  const { state } = useLocation() as { state: { backTo?: string } | null };
  return <p>Get credits, then back to {state?.backTo ?? 'nowhere'}</p>;
}

const thread = () => screen.findByRole('list', { name: 'Messages' });
const sent = (fake: ReturnType<typeof fakeHost>) =>
  fake.calls.filter((c) => c.path === '/v1/messages' && c.method === 'POST');
const mine = (overrides: Partial<Message>) =>
  testMessage({ sender_id: 'u-1', recipient_id: 'u-2', created_at: now, ...overrides });

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

describe('conversation', () => {
  it('opens the chat with its messages oldest first under their day, and marks it read', async () => {
    const fake = openChat({
      chat: chat({ unread_messages: 2 }),
      messages: [
        testMessage({ _id: '3', text: 'Are you there?', created_at: now }),
        mine({ _id: '2', text: 'Hi Maya', is_read: true }),
        testMessage({ _id: '1', text: 'Welcome!', created_at: '2025-03-04T10:00:00.000Z' }),
      ],
    });
    const list = await thread();
    const days = within(list).getAllByRole('heading', { level: 3 });
    expect(days.map((d) => d.textContent)).toEqual([expect.stringContaining('2025'), 'Today']);
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.textContent),
    ).toEqual(['Welcome!', 'Hi Maya', 'Are you there?']);
    expect(within(list).getByText('Read')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'maya', level: 2 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Conversation' })).getByText('Online'),
    ).toBeInTheDocument();
    expect(document.title).toBe('maya · Cove');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/v1/chats',
        body: { action: 'read', ids: 'c-u-2' },
      }),
    );
    expect(fake.calls.find((c) => c.path === '/v1/chat')?.query).toEqual({ recipient_id: 'u-2' });
  });

  it('starts the chat when there is none yet', async () => {
    const fake = openChat({
      respond: ({ path, method }) =>
        path === '/v1/chat' && method === 'GET'
          ? failWith(404, 'Chat not found', { code: 'not_found' })
          : undefined,
    });
    await thread();
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v1/chat',
      body: { recipient_id: 'u-2' },
    });
  });

  it('tells a fan what a message costs: an intro’s first is free, later ones at the chat’s rate', async () => {
    openChat({ chat: chat({ is_intro: true, credit_rate: 10 }) });
    expect(await screen.findByText('Your first message is free.')).toBeInTheDocument();
  });

  it('charges the rate once the fan has written in an intro', async () => {
    openChat({ chat: chat({ is_intro: true, credit_rate: 10 }), messages: [mine({ _id: '1', text: 'Hi' })] });
    expect(await screen.findByText('Each message costs $1.00.')).toBeInTheDocument();
  });

  it('tells a frozen account it cannot chat, and where support is', async () => {
    openChat({ user: testUser({ _id: 'u-1', frozen: true }) });
    await thread();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(
      screen.getByText('Your account has been temporarily frozen. Please respond to your chat with support.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your chat with support' })).toHaveAttribute(
      'href',
      '/chats',
    );
  });

  it('says the chat is closed when the account is gone', async () => {
    openChat({
      respond: ({ path }) =>
        path === '/v1/chat'
          ? failWith(410, 'Sorry, this account no longer exists.', { code: 'gone' })
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'This chat is closed' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, this account no longer exists.')).toBeInTheDocument();
  });

  it('sends on Enter with a send id, shows the message at once, and takes the server’s copy', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fake = openChat({
      respond: async (call) => {
        if (call.path !== '/v1/messages' || call.method !== 'POST') return undefined;
        await answered;
        const body = call.body as { text: string; send_id: string };
        return { data: mine({ _id: '9', text: body.text, send_id: body.send_id }), credits: 250 };
      },
    });
    const socket: unknown[] = [];
    fake.bus.setSender((m) => socket.push(m) > 0);
    await thread();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there{Shift>}{Enter}{/Shift}');
    expect(box).toHaveValue('Hello\nthere\n');
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');
    const pending = await screen.findByRole('group', { name: 'Sending' });
    expect(pending).toHaveTextContent('Hello there');
    release();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Sending' })).toBeNull());
    expect(screen.getAllByText(/Hello\s+there/)).toHaveLength(1);
    expect(sent(fake)[0]?.body).toMatchObject({
      type: 'text',
      text: 'Hello\nthere',
      chat_id: 'c-u-2',
      recipient_id: 'u-2',
      send_id: expect.any(String),
      price: 0,
      self_destruct: false,
    });
    expect(socket).toEqual([
      { type: 'typing_start', chat_id: 'c-u-2' },
      { type: 'typing_stop', chat_id: 'c-u-2' },
    ]);
  });

  it('keeps a message on its way when another screen of the chats is opened meanwhile', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fake = openChat({
      respond: async ({ path, method }) => {
        if (path === '/v1/chats' && method === 'GET') return testChatsPage([chat()]);
        if (path !== '/v1/messages' || method !== 'POST') return undefined;
        await answered;
        return { data: mine({ _id: '9', text: 'Still here?' }), credits: 250 };
      },
    });
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Still here?{Enter}');
    await screen.findByRole('group', { name: 'Sending' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    expect(await screen.findByText('Pick a chat to read and reply.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /maya/ }));
    expect(await screen.findByRole('group', { name: 'Sending' })).toHaveTextContent('Still here?');
    release();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Sending' })).toBeNull());
    expect(sent(fake)).toHaveLength(1);
    expect(await screen.findByText('Still here?')).toBeInTheDocument();
  });

  it('shows what arrived while another screen was open as soon as the chat is opened again', async () => {
    const missed = testMessage({ _id: '21', chat_id: 'c-u-2', text: 'Missed me?', created_at: now });
    let reads = 0;
    let release: () => void = () => undefined;
    const reread = new Promise<void>((resolve) => (release = resolve));
    const fake = openChat({
      respond: async ({ path, method }) => {
        if (path === '/v1/chats' && method === 'GET') return testChatsPage([chat()]);
        if (!path.endsWith('/messages')) return undefined;
        // The thread is read again on return; until that answer comes, the cache shows the news.
        if (++reads > 1) await reread;
        return { data: reads > 1 ? [missed] : [], next: null };
      },
    });
    await thread();
    await userEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    await screen.findByText('Pick a chat to read and reply.');
    act(() => fake.bus.pushServerEvent({ type: 'new_message', seq: 1, created_at: now, message: missed }));
    await userEvent.click(await screen.findByRole('link', { name: /maya/ }));
    expect(await within(await thread()).findByText('Missed me?')).toBeInTheDocument();
    expect(reads).toBe(2);
    release();
  });

  it('marks a refused send failed with the catalogue’s text, and the not-enough-credits popup', async () => {
    const fake = openChat({
      respond: ({ path, method }) =>
        path === '/v1/messages' && method === 'POST'
          ? failWith(402, 'You have no credits.', { code: 'not_enough_credits' })
          : undefined,
    });
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('You have no credits.');
    expect(fake.popups).toContainEqual({
      kind: 'not-enough-credits',
      message: 'You have no credits.',
      backTo: '/chats/u-2',
    });
    expect(sent(fake)).toHaveLength(1);
  });

  it('offers to unlock a free chat, and buying credits comes back to it', async () => {
    const limit = 'Unlock this chat with credits.';
    const fake = openChat({
      respond: ({ path }) =>
        path === '/v1/chat' ? failWith(402, limit, { code: 'free_chat_limit' }) : undefined,
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Buy Credits' }));
    expect(await screen.findByText('Get credits, then back to /chats/u-2')).toBeInTheDocument();
    expect(fake.popups).toContainEqual({ kind: 'unlock-free-chat', message: limit, backTo: '/chats/u-2' });
  });

  it('retries a failed send with the same send id', async () => {
    let fail = true;
    const fake = openChat({
      respond: (call) => {
        if (call.path !== '/v1/messages' || call.method !== 'POST') return undefined;
        if (fail)
          return failWith(400, 'This send_id was already used for a different message.', {
            code: 'send_id_reused',
          });
        return { data: mine({ _id: '9', text: 'Hi' }), credits: 250 };
      },
    });
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await screen.findByRole('alert');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const [first, second] = sent(fake).map((c) => (c.body as { send_id: string }).send_id);
    expect(second).toBe(first);
  });

  it('asks before sending a warned text, then sends it through /v1/messages/warned', async () => {
    const fake = openChat({
      confirm: true,
      respond: ({ path }) =>
        path === '/v1/messages'
          ? failWith(
              422,
              'Payments and contacts outside Cove are not allowed. Edit your message, or send it anyway.',
              { code: 'text_warned' },
            )
          : path === '/v1/messages/warned'
            ? { data: mine({ _id: '9', text: 'my paypal' }), credits: 250 }
            : undefined,
    });
    await thread();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'my paypal{Enter}');
    await waitFor(() => expect(fake.calls.map((c) => c.path)).toContain('/v1/messages/warned'));
    expect(fake.popups[0]).toMatchObject({ kind: 'generic', confirmLabel: 'Send anyway' });
    expect(await screen.findByText('my paypal')).toBeInTheDocument();
  });

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

  it('sends a photo through the upload pipeline with its progress, priced by a creator', async () => {
    const fake = openChat({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      respond: (call) => {
        if (call.path === '/v1/media/available') return { status: false, media: null };
        if (call.path === '/v1/media' && call.method === 'POST') return testMediaResponse('m1');
        if (call.path === '/v1/messages' && call.method === 'POST') {
          return {
            data: mine({
              _id: '9',
              type: 'image',
              text: '',
              price: 30,
              media: testMediaResponse('m1').media,
            }),
            credits: 0,
          };
        }
        return undefined;
      },
    });
    await thread();
    const photo = new File([new Uint8Array(2048)], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo or video file'), { target: { files: [photo] } });
    expect(await screen.findByText(/beach\.png/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price ($)' }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(fake.calls.find((c) => c.path === '/v1/media' && c.method === 'POST')?.body).toMatchObject({
      type: 'paid_message',
      file: { name: 'beach.png' },
    });
    expect(sent(fake)[0]?.body).toMatchObject({
      type: 'image',
      price: 30,
      media_id: 'm1',
      public_id: 'p-m1',
    });
    expect(await screen.findByText('Paid · $3.00')).toBeInTheDocument();
  });

  it('sends a GIF picked from the library', async () => {
    const fake = openChat({
      respond: ({ path, method, query }) => {
        if (path === '/v1/gifs')
          return {
            data:
              query.q === 'thanks'
                ? [
                    {
                      id: 'thanks',
                      title: 'Thank you',
                      url: '/media/gifs/thanks.gif',
                      width: 160,
                      height: 120,
                    },
                  ]
                : [],
          };
        if (path === '/v1/messages' && method === 'POST')
          return {
            data: mine({ _id: '9', type: 'gif', text: '', gif_url: '/media/gifs/thanks.gif' }),
            credits: 250,
          };
        return undefined;
      },
    });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'GIF' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'thanks');
    await userEvent.click(await screen.findByRole('img', { name: 'Send GIF: Thank you' }));
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
    expect(sent(fake)[0]?.body).toMatchObject({ type: 'gif', gif_url: '/media/gifs/thanks.gif', text: '' });
    expect(screen.queryByRole('searchbox', { name: 'Search GIFs' })).toBeNull();
  });

  it('refuses a file it cannot send as it is picked, in the spec’s words', async () => {
    const fake = openChat();
    await thread();
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Photo or video file'), { target: { files: [notes] } });
    await waitFor(() =>
      expect(fake.popups).toContainEqual({
        kind: 'upload-error',
        message:
          'Sorry, we cannot process this type of file (text/plain). Please choose different file type and try again.',
      }),
    );
    expect(screen.queryByText(/notes\.txt/)).toBeNull();
  });

  it('replies with a quote of the message answered, and Escape drops the reply', async () => {
    const fake = openChat({
      messages: [testMessage({ _id: '4', text: 'Coffee tomorrow?', created_at: now })],
      respond: ({ path, method }) =>
        path === '/v1/messages' && method === 'POST'
          ? { data: mine({ _id: '9', text: 'Yes!', parent_message_id: '4' }), credits: 250 }
          : undefined,
    });
    const list = await thread();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.click(within(list).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(/Replying to/)).toHaveTextContent('Coffee tomorrow?');
    await userEvent.type(box, '{Escape}');
    expect(screen.queryByText(/Replying to/)).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Reply' }));
    await userEvent.type(box, 'Yes!{Enter}');
    await waitFor(() => expect(sent(fake)[0]?.body).toMatchObject({ text: 'Yes!', parent_message_id: '4' }));
    expect(await within(list).findByRole('group', { name: /^You/ })).toHaveTextContent(
      'Coffee tomorrow?Yes!',
    );
  });

  it('says so when a message cannot be deleted, and hides one for me', async () => {
    const fake = openChat({
      messages: [
        mine({ _id: '5', text: 'Paid already' }),
        testMessage({ _id: '6', text: 'Spam', created_at: now }),
      ],
      respond: ({ path }) =>
        path === '/v1/messages/5'
          ? failWith(403, 'You can not delete this message.', { code: 'cannot_delete' })
          : undefined,
    });
    const list = await thread();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can not delete this message.');
    expect(within(list).getByText('Paid already')).toBeInTheDocument();
    const spam = within(list).getByText('Spam').closest('li');
    if (!spam) throw new Error('no message row');
    await userEvent.click(within(spam).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(within(list).queryByText('Spam')).toBeNull());
    expect(fake.calls.find((c) => c.path === '/v1/messages/6/hide-for-me')?.method).toBe('PATCH');
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

  it('lets a fan tip the creator with an amount they can afford', async () => {
    const fake = openChat({
      respond: ({ path }) =>
        path === '/v1/messages/tip'
          ? {
              data: mine({ _id: '9', type: 'tip_user', system: true, text: 'You tipped $5.00.' }),
              credits: 200,
            }
          : undefined,
    });
    fake.session.credits = 60;
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    expect(screen.getByRole('radio', { name: '$10.00' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '$5.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    expect(await screen.findByText('You tipped $5.00.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/v1/messages/tip')?.body).toMatchObject({
      chat_id: 'c-u-2',
      amount: 50,
    });
  });

  it('offers Unblock for someone I blocked, after a reload too, and Block once unblocked', async () => {
    const fake = openChat({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      chat: chat({ blocked: true }),
    });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Unblocked.');
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/v1/users/u-2/block' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Blocked: neither of you can send messages now.',
    );
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/v1/users/u-2/block' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('gives a creator notes and a rate for the chat', async () => {
    const note = { id: 'n1', note: 'Likes jazz', created_at: now, updated_at: now };
    const fake = openChat({
      user: testUser({ _id: 'u-1', type: 'featured' }),
      respond: ({ path }) => (path === '/v1/chats/note' ? { data: note } : undefined),
    });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notes' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New note' }), 'Likes jazz');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/v1/chats/note')?.body).toEqual({
        id: 'c-u-2',
        note: 'Likes jazz',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change rate' }));
    const rate = screen.getByRole('spinbutton', { name: 'New rate ($)' });
    expect(rate).toHaveFocus();
    await userEvent.clear(rate);
    await userEvent.type(rate, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Change rate' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The new rate applies to their next message.',
    );
    expect(fake.calls.find((c) => c.path === '/v1/chats/change-rate')?.body).toEqual({
      chat_id: 'c-u-2',
      rate: 25,
    });
    expect(screen.queryByRole('spinbutton', { name: 'New rate ($)' })).toBeNull();
  });
});
