import {
  failWith,
  fakeHost,
  testChat,
  testChatUser,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmCharges, feedPageOf, testCreator } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';

const fan = testUser({ _id: 'u-1', type: 'user' });
const subscription = {
  _id: 's-1',
  status: 'active' as const,
  user: { _id: 'c-1', username: 'maya', avatar_url: null },
  price: 99,
  expires_at: '2026-12-25T12:00:00.000Z',
  created_at: '2026-11-25T12:00:00.000Z',
  months: 1,
  trial: false,
};

/** A server with maya's profile and an empty feed; `extra` answers anything else. */
function server(extra: (call: RecordedCall) => unknown = () => undefined, creator = testCreator()) {
  return (call: RecordedCall) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/v1/users/c-1/profile') return { data: creator };
    if (call.path === '/v1/feed') return feedPageOf([]);
    return undefined;
  };
}

const about = () => screen.findByRole('region', { name: 'About' });

describe('creator profile', () => {
  it('shows who the creator is, what they charge and their counts', async () => {
    const { host } = fakeHost({ user: fan, respond: server() });
    renderAt('/creators/c-1', host);
    const header = await about();
    expect(screen.getByRole('heading', { name: 'maya', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('maya · Cove');
    expect(within(header).getByText('Painter and night owl.')).toBeInTheDocument();
    expect(within(header).getByText('#art')).toBeInTheDocument();
    expect(within(header).getByText('$1.50 per message · $9.90 per month')).toBeInTheDocument();
    expect(within(header).getByText('Followers').nextSibling).toHaveTextContent('12');
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
  });

  it('asks signed-out people to sign in without asking the server', () => {
    const { host, calls } = fakeHost({ user: null });
    renderAt('/creators/c-1', host);
    expect(screen.getByRole('heading', { name: 'Sign in to see this profile' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('follows at once and puts it back when the server refuses', async () => {
    let answer: (r: unknown) => void = () => undefined;
    const { host, calls } = fakeHost({
      user: fan,
      respond: server((call) =>
        call.path === '/v1/users/c-1/follow' ? new Promise((resolve) => (answer = resolve)) : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const header = await about();
    await userEvent.click(within(header).getByRole('button', { name: 'Follow' }));
    expect(within(header).getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(within(header).getByText('Followers').nextSibling).toHaveTextContent('13');
    expect(calls.find((c) => c.path === '/v1/users/c-1/follow')?.method).toBe('PATCH');

    await act(async () => answer(failWith(500, 'Try again later.')));
    expect(await within(header).findByRole('alert')).toHaveTextContent('Try again later.');
    expect(within(header).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(header).getByText('Followers').nextSibling).toHaveTextContent('12');
  });

  it('unfollows with DELETE and keeps the server’s count', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server(
        (call) => (call.path === '/v1/users/c-1/follow' ? { is_followee: false, followers: 40 } : undefined),
        testCreator({ is_followee: true }),
      ),
    });
    renderAt('/creators/c-1', host);
    const header = await about();
    await userEvent.click(within(header).getByRole('button', { name: 'Unfollow' }));
    expect(await within(header).findByText('40')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/users/c-1/follow')?.method).toBe('DELETE');
  });

  it('subscribes after confirming the price, renewal and how to cancel, and says until when', async () => {
    const { host, calls, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server((call) =>
        call.path === '/v1/subscriptions' ? { data: subscription, credits: 151 } : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const header = await about();
    await userEvent.click(within(header).getByRole('button', { name: 'Subscribe · $9.90 / month' }));
    expect(await within(header).findByRole('status')).toHaveTextContent(
      /^Subscribed until December 2\d, 2026$/,
    );
    expect(within(header).queryByRole('button', { name: /Subscribe/ })).toBeNull();
    const sent = calls.find((c) => c.path === '/v1/subscriptions');
    expect(sent).toMatchObject({ method: 'POST', body: { model_id: 'c-1', send_id: expect.any(String) } });
    expect(popups).toEqual([
      {
        kind: 'confirm-charge',
        charge: expect.objectContaining({
          kind: 'subscription',
          amount: 99,
          renews: { period_days: 30, renews_at: expect.any(String) },
        }),
        backTo: '/creators/c-1',
        purchase: { model_id: 'c-1', subscribe: true },
      },
    ]);
  });

  it('subscribes to nothing when the sheet is closed', async () => {
    const { host, calls } = fakeHost({ user: fan, respond: server() });
    renderAt('/creators/c-1', host);
    const header = await about();
    await userEvent.click(within(header).getByRole('button', { name: 'Subscribe · $9.90 / month' }));
    expect(within(header).getByRole('button', { name: 'Subscribe · $9.90 / month' })).toBeEnabled();
    expect(calls.some((c) => c.path === '/v1/subscriptions')).toBe(false);
  });

  it('says a restricted creator takes no subscribers instead of offering Subscribe', async () => {
    const { host } = fakeHost({ user: fan, respond: server(undefined, testCreator({ restricted: true })) });
    renderAt('/creators/c-1', host);
    const header = await about();
    expect(within(header).getByRole('status')).toHaveTextContent('This creator is not available right now.');
    expect(within(header).queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(within(header).getByRole('button', { name: 'Message' })).toBeInTheDocument();
  });

  it('opens the not-enough-credits popup that leads back to the profile', async () => {
    const { host, popups } = fakeHost({
      user: fan,
      popupOutcome: confirmCharges,
      respond: server((call) =>
        call.path === '/v1/subscriptions'
          ? failWith(402, 'Balance too low.', { code: 'not_enough_credits' })
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const header = await about();
    await userEvent.click(within(header).getByRole('button', { name: /Subscribe/ }));
    await screen.findByRole('button', { name: /Subscribe/ });
    expect(popups).toContainEqual({
      kind: 'not-enough-credits',
      message: 'Balance too low.',
      backTo: '/creators/c-1',
      purchase: { model_id: 'c-1', subscribe: true },
    });
    expect(within(header).queryByRole('alert')).toBeNull();
  });

  it('starts a chat and opens it', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server((call) =>
        call.path === '/v1/chat'
          ? { data: testChat({ other: { _id: 'c-1' } }), user: testChatUser() }
          : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    await userEvent.click(within(await about()).getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Now at /chats/c-1')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/chat')).toMatchObject({
      method: 'POST',
      body: { recipient_id: 'c-1' },
    });
  });

  it('opens an existing chat without asking the server', async () => {
    const { host, calls } = fakeHost({
      user: fan,
      respond: server(undefined, testCreator({ chat_id: 'm-c-1' })),
    });
    renderAt('/creators/c-1', host);
    await userEvent.click(within(await about()).getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Now at /chats/c-1')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/chat')).toBe(false);
  });

  it('offers to unlock free chats and come back when the fan is out of them', async () => {
    const limit =
      'You have hit your maximum amount of free chats, buy a credit package to unlock unlimited free chats.';
    const { host, popups } = fakeHost({
      user: fan,
      respond: server((call) =>
        call.path === '/v1/chat' ? failWith(402, limit, { code: 'free_chat_limit' }) : undefined,
      ),
    });
    renderAt('/creators/c-1', host);
    const header = await about();
    await userEvent.click(within(header).getByRole('button', { name: 'Message' }));
    await screen.findByRole('button', { name: 'Message' });
    expect(popups).toEqual([
      { kind: 'unlock-free-chat', message: limit, backTo: '/creators/c-1', purchase: { model_id: 'c-1' } },
    ]);
    expect(screen.queryByText(/Now at/)).toBeNull();
  });

  it('reads the profile again when the subscription changes elsewhere', async () => {
    let creator = testCreator();
    const { host, bus } = fakeHost({
      user: fan,
      respond: server((call) => (call.path === '/v1/users/c-1/profile' ? { data: creator } : undefined)),
    });
    renderAt('/creators/c-1', host);
    const header = await about();
    creator = testCreator({ subscription: { status: 'canceled', expires_at: '2026-12-25T12:00:00.000Z' } });
    act(() =>
      bus.pushServerEvent({
        type: 'subscription_updated',
        model_id: 'c-1',
        status: 'canceled',
        seq: 1,
        created_at: '2026-11-25T12:00:00.000Z',
      }),
    );
    expect(await within(header).findByRole('status')).toHaveTextContent(
      /^Subscription ends December 2\d, 2026$/,
    );
  });
});
