import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatTabParam, type Broadcast, type MediaResponse } from '@cove/contracts';
import { failWith, fakeHost, testMediaResponse } from '@cove/runtime/testing';
import {
  aBroadcast,
  creator,
  held,
  now,
  posts,
  renderScreen,
  sendButton,
  signedIn,
  stage,
} from '../testing/broadcast-harness';

/** A ready vault photo as `GET /v1/media` lists it. */
const vaultEntry = (id: string) => ({
  ...testMediaResponse(id).media,
  _id: id,
  created_at: '2026-01-01T00:00:00.000Z',
  earned: 0,
  sales: 0,
});

signedIn();

describe('broadcast composer', () => {
  it('builds the recipients from the category and mode, with the live count', async () => {
    const fake = renderScreen((call) =>
      call.path === '/v1/broadcast/recipients' ? { count: call.query.ids ? 2 : 9 } : undefined,
    );
    expect(await screen.findByText('Reaches 9 chats')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/v1/broadcast/recipients')?.query).toEqual({ category: 'all' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Chats' }), 'fans');
    await userEvent.click(screen.getByRole('radio', { name: 'Only chosen chats' }));
    expect(screen.getByText('Choose at least one chat.')).toBeInTheDocument();
    const chats = await screen.findByRole('list', { name: 'Your chats' });
    expect(fake.calls.find((c) => c.path === '/v1/chats')?.query).toMatchObject({
      type: chatTabParam('fans'),
      limit: '20',
    });
    await userEvent.click(within(chats).getByRole('checkbox', { name: 'noah' }));
    await userEvent.click(within(chats).getByRole('checkbox', { name: 'maya' }));
    expect(await screen.findByText('Reaches 2 chats')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/v1/broadcast/recipients').at(-1)?.query).toEqual({
      category: 'fans',
      ids: 'c-u-2,c-u-3',
    });

    await userEvent.click(screen.getByRole('radio', { name: 'All except chosen chats' }));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.path === '/v1/broadcast/recipients').at(-1)?.query).toEqual({
        category: 'fans',
        except_ids: 'c-u-2,c-u-3',
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'New set tonight');
    await userEvent.click(sendButton());
    await waitFor(() => expect(posts(fake)).toHaveLength(1));
    expect(posts(fake)[0]?.body).toEqual({
      category: 'fans',
      except_ids: 'c-u-2,c-u-3',
      type: 'text',
      text: 'New set tonight',
      price: 0,
      self_destruct: false,
      send_id: expect.any(String),
    });
  });

  it('follows a text broadcast through Confirming and Broadcasting to done', async () => {
    const answer = held<{ data: Broadcast }>();
    const fake = renderScreen((call) => (call.path === '/v1/broadcast/send' ? answer.promise : undefined));
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Hi');
    await userEvent.click(sendButton());
    await waitFor(() => expect(stage()).toHaveTextContent('Confirming…'));

    answer.release({ data: aBroadcast({ _id: 'b-9', status: 'sending' }) });
    await waitFor(() => expect(stage()).toHaveTextContent('Broadcasting…'));
    act(() => {
      fake.session.user = { ...creator, is_broadcasting: true };
    });
    act(() =>
      fake.bus.pushServerEvent({
        type: 'broadcast_done',
        broadcast_id: 'b-9',
        sent: 5,
        seq: 1,
        created_at: now,
      }),
    );
    // Still written while the server says so.
    expect(stage()).toHaveTextContent('Broadcasting…');
    act(() => {
      fake.session.user = { ...creator, is_broadcasting: false };
    });
    expect(await screen.findByText('Broadcast sent to 5 chats.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New broadcast' }));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });

  it('shows Error with what it reached when the server gives the broadcast up', async () => {
    let listed: Broadcast[] = [];
    const fake = renderScreen((call) => {
      if (call.path === '/v1/broadcast/send') return { data: aBroadcast({ _id: 'b-9', status: 'sending' }) };
      return call.path === '/v1/broadcast' && call.method === 'GET'
        ? { data: listed, next: null }
        : undefined;
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Hi');
    await userEvent.click(sendButton());
    await waitFor(() => expect(stage()).toHaveTextContent('Broadcasting…'));

    listed = [aBroadcast({ _id: 'b-9', status: 'failed', text: 'Hi', sent: 2 })];
    act(() =>
      fake.bus.pushServerEvent({
        type: 'broadcast_done',
        broadcast_id: 'b-9',
        sent: 2,
        seq: 1,
        created_at: now,
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent(
      'This broadcast could not be finished. It reached 2 chats; the others did not get it.',
    );
    expect(screen.queryByText(/Broadcast sent/)).toBeNull();
    // A retry would answer the same failed broadcast: only a new one, or the draft edited, is offered.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    const row = within(screen.getByRole('list', { name: 'Recent broadcasts' })).getByRole('listitem', {
      name: 'Text: Hi',
    });
    expect(row).toHaveTextContent('Failed');
    expect(within(row).getByRole('button', { name: 'Unsend' })).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'New broadcast' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('');
  });

  it('tells of a broadcast written elsewhere only if it failed, once the flag falls', async () => {
    let listed = [aBroadcast({ _id: 'b-4', status: 'sending', sent: 0 })];
    const fake = renderScreen(
      (call) =>
        call.path === '/v1/broadcast' && call.method === 'GET' ? { data: listed, next: null } : undefined,
      { fake: (respond) => fakeHost({ user: { ...creator, is_broadcasting: true }, respond }) },
    );
    const reads = () => fake.calls.filter((c) => c.path === '/v1/broadcast').length;
    const flag = (is_broadcasting: boolean) =>
      act(() => {
        fake.session.user = { ...creator, is_broadcasting };
      });
    await waitFor(() => expect(stage()).toHaveTextContent('Broadcasting…'));

    // Sent: the stage just reverts.
    listed = [aBroadcast({ _id: 'b-4', status: 'sent', sent: 40 })];
    const before = reads();
    flag(false);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await waitFor(() => expect(stage()).toHaveTextContent(''));
    expect(screen.queryByRole('alert')).toBeNull();

    flag(true);
    await waitFor(() => expect(stage()).toHaveTextContent('Broadcasting…'));
    listed = [aBroadcast({ _id: 'b-5', status: 'failed', sent: 40 }), ...listed];
    flag(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('It reached 40 chats');
  });

  it('shows Broadcasting while another broadcast is being written, and lets none start', async () => {
    renderScreen(() => undefined, {
      fake: (respond) => fakeHost({ user: { ...creator, is_broadcasting: true }, respond }),
    });
    await waitFor(() => expect(stage()).toHaveTextContent('Broadcasting…'));
    expect(sendButton()).toBeDisabled();
  });

  it('uploads a photo with progress and abort, then sends it paid', async () => {
    let upload = held<MediaResponse>();
    const fake = renderScreen((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST') return upload.promise;
      if (call.path === '/v1/broadcast/send') return { data: aBroadcast({ status: 'sent', sent: 7 }) };
      return undefined;
    });
    const choose = (name: string) =>
      fireEvent.change(screen.getByLabelText('Photo or video file'), {
        target: { files: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })] },
      });

    choose('slow.png');
    expect(await screen.findByRole('progressbar', { name: 'Uploading slow.png' })).toBeInTheDocument();
    expect(stage()).toHaveTextContent(/Uploading… \d+%/);
    expect(sendButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel slow.png' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();

    upload = held<MediaResponse>();
    choose('beach.png');
    await screen.findByRole('progressbar', { name: 'Uploading beach.png' });
    upload.release(testMediaResponse('m-7'));
    expect(await screen.findByText('Photo: beach.png')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: /Price/ }), '2.5');
    expect(screen.getByText('Fans pay $2.50 to see it.')).toBeInTheDocument();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Broadcast sent to 7 chats.')).toBeInTheDocument();
    expect(posts(fake)[0]?.body).toMatchObject({
      type: 'image',
      media_id: 'm-7',
      public_id: expect.any(String),
      price: 25,
      text: '',
    });
  });

  it('reports a failed upload, and removing the media touches nothing on the server', async () => {
    const fake = renderScreen((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST')
        return failWith(413, 'This photo is too large.');
      return undefined;
    });
    fireEvent.change(screen.getByLabelText('Photo or video file'), {
      target: { files: [new File(['x'], 'big.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This photo is too large.');
    const before = fake.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.calls).toHaveLength(before);
  });

  it('sends vault media without uploading it, and drops it locally', async () => {
    const fake = renderScreen((call) =>
      call.path === '/v1/media' && call.method === 'GET'
        ? {
            data: [vaultEntry('v-1')],
            next: null,
          }
        : call.path === '/v1/broadcast/send'
          ? { data: aBroadcast({ type: 'image', sent: 3 }) }
          : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose from vault' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use photo 1' }));
    expect(screen.getByText('(from your vault)')).toBeInTheDocument();
    const before = fake.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(fake.calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);

    // The vault stays open for more picks.
    await userEvent.click(screen.getByRole('button', { name: 'Use photo 1' }));
    await userEvent.click(sendButton());
    await screen.findByText('Broadcast sent to 3 chats.');
    expect(posts(fake)[0]?.body).toMatchObject({ type: 'image', media_id: 'v-1', price: 0 });
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/media')).toEqual([]);
  });

  it('sends several vault items as one paid bundle with a free preview', async () => {
    const fake = renderScreen((call) =>
      call.path === '/v1/media' && call.method === 'GET'
        ? { data: [vaultEntry('v-1'), vaultEntry('v-2'), vaultEntry('v-3')], next: null }
        : call.path === '/v1/broadcast/send'
          ? { data: aBroadcast({ type: 'image', sent: 3 }) }
          : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose from vault' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use photo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use photo 3' }));
    expect(screen.getByRole('button', { name: 'Use photo 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('A bundle of 2 (up to 10): one price unlocks them all.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Free preview/ })).toBeNull();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price ($)' }), '6');
    await userEvent.click(screen.getByRole('radio', { name: 'Free preview (photo 3)' }));
    await userEvent.click(sendButton());
    await screen.findByText('Broadcast sent to 3 chats.');
    expect(posts(fake)[0]?.body).toMatchObject({
      type: 'image',
      media_id: 'v-1',
      price: 60,
      media_items: [
        { media_id: 'v-1', preview: false },
        { media_id: 'v-3', preview: true },
      ],
    });
  });

  it('shows Banned when the server refuses with 403', async () => {
    renderScreen((call) => (call.path === '/v1/broadcast/send' ? failWith(403, 'Forbidden') : undefined));
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Hi');
    await userEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Banned');
    expect(alert).toHaveTextContent('Forbidden');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the server’s error and retries with the same send id', async () => {
    let tries = 0;
    const fake = renderScreen((call) => {
      if (call.path !== '/v1/broadcast/send') return undefined;
      tries += 1;
      return tries === 1
        ? failWith(500, 'The broadcast could not be sent.')
        : { data: aBroadcast({ sent: 2 }) };
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Hi');
    await userEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('The broadcast could not be sent.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Broadcast sent to 2 chats.')).toBeInTheDocument();
    const [first, second] = posts(fake).map((c) => (c.body as { send_id: string }).send_id);
    expect(second).toBe(first);
  });

  it('schedules a broadcast with send_at, refusing times in the past or too far ahead', async () => {
    const fake = renderScreen((call) =>
      call.path === '/v1/broadcast/send'
        ? { data: aBroadcast({ status: 'scheduled', send_at: (call.body as { send_at: string }).send_at }) }
        : undefined,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Launch');
    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    const input = screen.getByLabelText('Send at');
    const local = (ms: number) => {
      const d = new Date(Date.now() + ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    fireEvent.change(input, { target: { value: local(-3_600_000) } });
    expect(screen.getByText('Choose a time in the future.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: local(31 * 86_400_000) } });
    expect(screen.getByText('Choose a time within the next 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule broadcast' })).toBeDisabled();

    const when = local(86_400_000);
    fireEvent.change(input, { target: { value: when } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule broadcast' }));
    expect(await screen.findByText(/^Scheduled for/)).toBeInTheDocument();
    expect(posts(fake)[0]?.body).toMatchObject({ text: 'Launch', send_at: new Date(when).toISOString() });
  });
});
