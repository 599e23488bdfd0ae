import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, testMediaResponse, testMessage, testUser } from '@cove/runtime/testing';
import { now, openChat, thread, sent, mine, signedIn } from '../testing/conversation-harness';
import { chooseMessageAction } from '../testing/message-actions';

signedIn();

describe('sending a message', () => {
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
      purchase: { model_id: 'u-2', chat_id: 'c-u-2' },
    });
    expect(sent(fake)).toHaveLength(1);
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
              // The server marks the sender's own paid message paid, whether or not the fan bought it.
              paid: true,
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

  it('offers no price to a creator awaiting approval', async () => {
    openChat({ user: testUser({ _id: 'u-1', type: 'featured', restricted: true }) });
    await thread();
    const photo = new File([new Uint8Array(2048)], 'beach.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Photo or video file'), { target: { files: [photo] } });
    expect(await screen.findByText(/beach\.png/)).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'Price ($)' })).toBeNull();
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
    await chooseMessageAction(within(list).getByRole('article', { name: /Coffee/ }), 'Reply');
    expect(screen.getByText(/Replying to/)).toHaveTextContent('Coffee tomorrow?');
    await userEvent.type(box, '{Escape}');
    expect(screen.queryByText(/Replying to/)).toBeNull();
    await chooseMessageAction(within(list).getByRole('article', { name: /Coffee/ }), 'Reply');
    await userEvent.type(box, 'Yes!{Enter}');
    await waitFor(() => expect(sent(fake)[0]?.body).toMatchObject({ text: 'Yes!', parent_message_id: '4' }));
    expect(await within(list).findByRole('group', { name: /^You/ })).toHaveTextContent(
      'Coffee tomorrow?Yes!',
    );
  });
});
