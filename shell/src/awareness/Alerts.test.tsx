import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, ServerEvent } from '@cove/contracts';
import { signIn } from '@cove/runtime/shell';
import { testChat, testChatUser, testMessage, testUser } from '@cove/runtime/testing';
import { useLocation } from '@cove/router';
import { fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { alertTiming } from './alert-rules';
import { Alerts } from './Alerts';

const at = { seq: 1, created_at: '2026-01-01T00:00:00.000Z' };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A signed-in person on `path`, whose writers' chats name them `maya`. */
function showAlerts(path: string, user = testUser({ _id: 'u-1' })) {
  const fake = fakeServices();
  fake.respond((request) =>
    request.path === '/v1/chat'
      ? {
          data: testChat({ other: { _id: 'u-2', username: 'maya' } }),
          user: testChatUser({ _id: 'u-2', username: 'maya' }),
        }
      : undefined,
  );
  signIn(fake.services.host.session, user);
  renderInShell(
    fake.services,
    <>
      <Alerts />
      <Where />
    </>,
    path,
  );
  const push = (event: ServerEvent) => act(async () => fake.services.bus.pushServerEvent(event));
  return { fake, push };
}

const alertList = () => screen.getByRole('list', { name: 'Alerts' });
const sale = (overrides: Partial<Notification> = {}): ServerEvent => ({
  type: 'notification',
  notification: {
    id: 'n-1',
    kind: 'tip',
    actor: { _id: 'u-3', username: 'ben', avatar_url: null },
    amount: 50,
    count: 1,
    chat_id: 'c-u-3',
    post_id: null,
    detail: null,
    url: '/chats/u-3',
    read: false,
    created_at: at.created_at,
    ...overrides,
  },
  ...at,
});

afterEach(() => jest.useRealTimers());

describe('in-app alerts', () => {
  it('tell of a new message on another screen, politely, and Open goes to its chat', async () => {
    const { push } = showAlerts('/discover');
    expect(alertList()).toHaveAttribute('aria-live', 'polite');
    await push({ type: 'new_message', message: testMessage({ text: 'Are you there?' }), ...at });
    const alert = await within(alertList()).findByRole('listitem');
    expect(alert).toHaveTextContent('maya');
    expect(alert).toHaveTextContent('Are you there?');
    await userEvent.click(within(alert).getByRole('link', { name: 'Open' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/chats/u-2');
    expect(within(alertList()).queryByRole('listitem')).toBeNull();
  });

  it('never show paid content, and can be dismissed', async () => {
    const { push } = showAlerts('/account');
    await push({ type: 'new_message', message: testMessage({ text: 'secret pics', price: 100 }), ...at });
    const alert = await within(alertList()).findByRole('listitem');
    expect(alert).toHaveTextContent('Paid message');
    expect(alert).not.toHaveTextContent('secret');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss maya' }));
    expect(within(alertList()).queryByRole('listitem')).toBeNull();
  });

  it('show the newest few of a burst of messages, reading only their senders’ names', async () => {
    const { fake } = showAlerts('/discover');
    act(() => {
      for (let n = 0; n < 50; n += 1)
        fake.services.bus.pushServerEvent({
          type: 'new_message',
          message: testMessage({ _id: String(n), sender_id: `u-${100 + n}`, text: `Message ${n}` }),
          ...at,
          seq: n + 1,
        });
    });
    expect(await within(alertList()).findByText('Message 49')).toBeInTheDocument();
    const shown = within(alertList()).getAllByRole('listitem');
    expect(shown.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Message 47'),
      expect.stringContaining('Message 48'),
      expect.stringContaining('Message 49'),
    ]);
    expect(fake.calls.map((c) => c.query.recipient_id)).toEqual(['u-147', 'u-148', 'u-149']);
  });

  it('say nothing of the chat on screen, of one’s own messages from another tab, or of Cove’s own lines', async () => {
    const { push, fake } = showAlerts('/chats/u-2');
    await push({ type: 'new_message', message: testMessage(), ...at });
    await push({
      type: 'new_message',
      message: testMessage({ sender_id: 'u-1', recipient_id: 'u-2' }),
      ...at,
    });
    await push({
      type: 'new_message',
      message: testMessage({ sender_id: 'u-4', system: true, type: 'for_user' }),
      ...at,
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(within(alertList()).queryByRole('listitem')).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('say nothing of a message that brings back a chat the person had hidden', async () => {
    const { push, fake } = showAlerts('/discover');
    await push({ type: 'new_message', message: testMessage({ text: 'Miss me?' }), was_hidden: true, ...at });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(within(alertList()).queryByRole('listitem')).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it('tell a creator of a sale in dollars, and leave by themselves unless hovered', async () => {
    jest.useFakeTimers();
    const { push } = showAlerts('/account', testUser({ _id: 'u-1', type: 'featured' }));
    await push(sale());
    const alert = within(alertList()).getByRole('listitem');
    expect(alert).toHaveTextContent('New tip');
    expect(alert).toHaveTextContent('ben tipped you $5.00.');
    fireEvent.mouseEnter(alert);
    await act(async () => jest.advanceTimersByTime(alertTiming.showMs * 2));
    expect(within(alertList()).getByRole('listitem')).toBe(alert);
    fireEvent.mouseLeave(alert);
    await act(async () => jest.advanceTimersByTime(alertTiming.showMs - 1));
    expect(within(alertList()).getByRole('listitem')).toBe(alert);
    await act(async () => jest.advanceTimersByTime(1));
    expect(within(alertList()).queryByRole('listitem')).toBeNull();
  });

  it('stack the newest few; fans get no sale alerts', async () => {
    const { push } = showAlerts('/account', testUser({ _id: 'u-1', type: 'featured' }));
    for (const id of ['n-1', 'n-2', 'n-3', 'n-4']) await push(sale({ id, amount: Number(id.slice(2)) * 10 }));
    const shown = within(alertList()).getAllByRole('listitem');
    expect(shown).toHaveLength(alertTiming.maxShown);
    expect(shown.map((a) => a.textContent)).toEqual([
      expect.stringContaining('$2.00'),
      expect.stringContaining('$3.00'),
      expect.stringContaining('$4.00'),
    ]);
    document.body.innerHTML = '';
    const fan = showAlerts('/account');
    await fan.push(sale({ id: 'n-5' }));
    expect(within(alertList()).queryByRole('listitem')).toBeNull();
  });
});
