import { act, screen, within } from '@testing-library/react';
import type { ServerEvent } from '@cove/contracts';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { Header } from './Header';
import { fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { unreadAnswers } from '../test/unread-answers';
import { keepCountInTitle } from '../awareness/title-count';

const at = { seq: 1, created_at: '2026-01-01T00:00:00.000Z' };

/** A signed-in fan's header with the counts the server answers at sign-in. */
async function signedInHeader(unread: Parameters<typeof unreadAnswers>[0]) {
  const fake = fakeServices();
  fake.respond(unreadAnswers(unread));
  signIn(fake.services.host.session, testUser({ credits: 0 }));
  const stop = fake.services.counts.start();
  renderInShell(fake.services, <Header />, '/discover');
  const push = (event: ServerEvent) => act(async () => fake.services.bus.pushServerEvent(event));
  return { fake, stop, push };
}

const chatsLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Chats/ });

describe('unread counts on every screen', () => {
  it('shows the server’s unread total on Chats and follows unread_messages from any tab or device', async () => {
    const { fake, stop, push } = await signedInHeader({ messages: 3, favorites: 1 });
    expect(await screen.findByRole('link', { name: 'Chats (3 unread)' })).toBeInTheDocument();
    await push({ type: 'unread_messages', unread_messages: 5, unread_messages_favorites: 2, ...at });
    expect(chatsLink()).toHaveAccessibleName('Chats (5 unread)');
    await push({ type: 'unread_messages', unread_messages: 0, unread_messages_favorites: 0, ...at });
    expect(chatsLink()).toHaveAccessibleName('Chats');
    // The chat list is read once, at the start: the rest comes from events.
    expect(fake.calls.filter((c) => c.path === '/v1/chats')).toHaveLength(1);
    stop();
  });

  it('rings the bell with unread notifications, re-read when one arrives and set when some are read', async () => {
    const { fake, stop, push } = await signedInHeader({ notifications: 2 });
    const bell = await screen.findByRole('link', { name: 'Notifications (2 unread)' });
    expect(bell).toHaveAttribute('href', '/notifications');
    fake.respond(unreadAnswers({ notifications: 3 }));
    await push({
      type: 'notification',
      notification: {
        id: 'n-9',
        kind: 'new_follower',
        actor: { _id: 'u-2', username: 'ben', avatar_url: null },
        amount: null,
        count: 1,
        chat_id: null,
        post_id: null,
        detail: null,
        url: '/creators/u-2',
        read: false,
        created_at: at.created_at,
      },
      ...at,
    });
    expect(await screen.findByRole('link', { name: 'Notifications (3 unread)' })).toBeInTheDocument();
    await push({ type: 'notifications_read', unread: 0, ...at });
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    stop();
  });

  it('drops a read answered after an event: the event is newer', async () => {
    const fake = fakeServices();
    let answer: (() => void) | null = null;
    fake.respond((request) =>
      request.path === '/v1/chats'
        ? new Promise((resolve) => (answer = () => resolve(unreadAnswers({ messages: 9 })(request))))
        : unreadAnswers({})(request),
    );
    signIn(fake.services.host.session, testUser());
    const stop = fake.services.counts.start();
    renderInShell(fake.services, <Header />, '/discover');
    await act(async () =>
      fake.services.bus.pushServerEvent({
        type: 'unread_messages',
        unread_messages: 4,
        unread_messages_favorites: 0,
        ...at,
      }),
    );
    await act(async () => answer?.());
    expect(chatsLink()).toHaveAccessibleName('Chats (4 unread)');
    stop();
  });
});

describe('the title', () => {
  it('carries the unread count in front of whatever title the screen sets', async () => {
    document.title = 'Discover · Cove';
    const title = keepCountInTitle();
    title.set(3);
    expect(document.title).toBe('(3) Discover · Cove');
    document.title = 'Chats · Cove';
    // The observer runs after the screen's change, on a microtask.
    await act(async () => undefined);
    expect(document.title).toBe('(3) Chats · Cove');
    title.set(0);
    expect(document.title).toBe('Chats · Cove');
    title.set(250);
    expect(document.title).toBe('(99+) Chats · Cove');
    title.stop();
    expect(document.title).toBe('Chats · Cove');
  });
});
