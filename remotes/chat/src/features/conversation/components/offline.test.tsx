import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkFailure, type RecordedCall } from '@cove/runtime/testing';
import { chat, mine, openChat, sent, signedIn, thread } from '../testing/conversation-harness';

signedIn();

const box = () => screen.getByRole('textbox', { name: 'Message' });
const waitingGroups = () => screen.queryAllByRole('group', { name: 'Waiting to send' });

/** A server that answers sends once `up` is set, echoing what it was sent. */
function server() {
  const state = { up: true };
  const respond = (call: RecordedCall) => {
    if (call.path !== '/v1/messages' || call.method !== 'POST') return undefined;
    if (!state.up) return networkFailure();
    const body = call.body as { text: string; send_id: string };
    return {
      data: mine({ _id: body.send_id, text: body.text, send_id: body.send_id }),
      credits: 250,
    };
  };
  return { state, respond };
}

describe('writing without a connection', () => {
  it('keeps messages written while the socket is down waiting, then sends them once, in order', async () => {
    const fake = openChat({ respond: server().respond });
    await thread();
    act(() => fake.bus.setConnection('disconnected'));
    expect(screen.getByText(/You're offline\. Messages you send now wait/)).toBeInTheDocument();
    await userEvent.type(box(), 'first{Enter}');
    await userEvent.type(box(), 'second{Enter}');
    expect(waitingGroups().map((g) => g.textContent)).toEqual([
      expect.stringContaining('first'),
      expect.stringContaining('second'),
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent(fake)).toEqual([]);

    act(() => fake.bus.setConnection('connected'));
    await waitFor(() => expect(waitingGroups()).toEqual([]));
    const bodies = sent(fake).map((c) => c.body as { text: string; send_id: string });
    expect(bodies.map((b) => b.text)).toEqual(['first', 'second']);
    expect(new Set(bodies.map((b) => b.send_id)).size).toBe(2);
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(screen.queryByText(/You're offline/)).toBeNull();
  });

  it('shows a send that found no server as waiting, not failed, and sends it when the server answers', async () => {
    const api = server();
    api.state.up = false;
    const fake = openChat({ respond: api.respond });
    await thread();
    await userEvent.type(box(), 'are you there{Enter}');
    expect(await screen.findByRole('group', { name: 'Waiting to send' })).toHaveTextContent('are you there');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    api.state.up = true;
    await waitFor(() => expect(waitingGroups()).toEqual([]), { timeout: 4000 });
    const ids = sent(fake).map((c) => (c.body as { send_id: string }).send_id);
    expect(new Set(ids).size).toBe(1);
    expect(screen.getAllByText('are you there')).toHaveLength(1);
  });

  it('finds what waited after a reload and sends it with its first send id', async () => {
    const before = openChat({ respond: server().respond });
    await thread();
    act(() => before.bus.setConnection('disconnected'));
    await userEvent.type(box(), 'kept{Enter}');
    await screen.findByRole('group', { name: 'Waiting to send' });
    cleanup();

    const after = openChat({ respond: server().respond });
    await thread();
    await waitFor(() => expect(sent(after)).toHaveLength(1));
    expect(sent(after)[0]?.body).toMatchObject({ text: 'kept', send_id: expect.any(String) });
    await waitFor(() => expect(waitingGroups()).toEqual([]));
    expect(window.localStorage.getItem('cove-outbox:u-1')).toBeNull();
  });

  it('never queues a message that costs money: it stays in the box, unsent, and says why', async () => {
    const fake = openChat({ respond: server().respond, chat: chat({ credit_rate: 15 }) });
    await thread();
    act(() => fake.bus.setConnection('disconnected'));
    await userEvent.type(box(), 'worth it{Enter}');
    expect(box()).toHaveValue('worth it');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      /Paid messages are not sent or queued while offline/,
    );
    expect(waitingGroups()).toEqual([]);
    act(() => fake.bus.setConnection('connected'));
    expect(sent(fake)).toEqual([]);
    await userEvent.type(box(), '{Enter}');
    await waitFor(() => expect(sent(fake)).toHaveLength(1));
  });

  it('sends no tip while offline and says so, with no confirm sheet', async () => {
    const fake = openChat();
    fake.session.credits = 300;
    await thread();
    act(() => fake.bus.setConnection('disconnected'));
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Other amount' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    expect(screen.getByText(/Tips are not sent or queued while offline/)).toBeInTheDocument();
    expect(fake.popups).toEqual([]);
    expect(fake.calls.filter((c) => c.path === '/v1/messages/tip')).toEqual([]);
  });

  it('lets a waiting message be discarded, and never sends it', async () => {
    const fake = openChat({ respond: server().respond });
    await thread();
    act(() => fake.bus.setConnection('disconnected'));
    await userEvent.type(box(), 'never mind{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(waitingGroups()).toEqual([]);
    act(() => fake.bus.setConnection('connected'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sent(fake)).toEqual([]);
  });
});
