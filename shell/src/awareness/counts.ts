import { chatsResponse, notificationsPage, type ApiClient, type SessionState } from '@cove/contracts';
import { createStore } from '@cove/runtime';
import type { OwnedBus } from '@cove/runtime/shell';
import type { Counts, CountsService } from '../services/counts';

interface CountsDeps {
  api: ApiClient;
  bus: OwnedBus;
  session: Pick<SessionState, 'status'>;
}

/**
 * The live unread totals. They start from what the server answers (`GET /v1/chats?limit=1` carries
 * the message totals, `GET /v1/notifications?limit=1` the bell's) and then follow the events that
 * carry them (`unread_messages`, `notifications_read`), so every tab and device shows the same
 * numbers without polling. A read answered after an event arrived is older than it and is dropped.
 */
export function createCounts({ api, bus, session }: CountsDeps): CountsService {
  const state = createStore<Counts>({ messages: 0, favorites: 0, notifications: 0 });
  const listeners = new Set<(messages: number) => void>();
  let known = false;
  const setMessages = (messages: number, favorites: number) => {
    const changed = !known || messages !== state.messages;
    known = true;
    state.messages = messages;
    state.favorites = favorites;
    if (changed) listeners.forEach((listener) => listener(messages));
  };
  // Bumped by each event, so a read started before it does not overwrite it.
  const version = { messages: 0, notifications: 0 };
  let notificationsReading: Promise<void> | null = null;
  let notificationsAgain = false;

  const clear = () => {
    version.messages++;
    version.notifications++;
    setMessages(0, 0);
    state.notifications = 0;
  };

  async function readMessages() {
    const started = version.messages;
    const page = await api.get('/v1/chats', { query: { v: 2, limit: 1 }, schema: chatsResponse });
    if (started !== version.messages || session.status !== 'signed-in') return;
    setMessages(page.unread_messages, page.unread_messages_favorites);
  }

  async function readNotificationsOnce() {
    const started = version.notifications;
    const page = await api.get('/v1/notifications', { query: { limit: 1 }, schema: notificationsPage });
    if (started !== version.notifications || session.status !== 'signed-in') return;
    state.notifications = page.unread;
  }

  /** One read at a time; an event during a read asks for one more after it. */
  function readNotifications(): Promise<void> {
    if (notificationsReading) {
      notificationsAgain = true;
      return notificationsReading;
    }
    notificationsReading = readNotificationsOnce().finally(() => {
      notificationsReading = null;
      if (notificationsAgain) {
        notificationsAgain = false;
        void readNotifications().catch(warn('notifications'));
      }
    });
    return notificationsReading;
  }

  const warn = (what: string) => (err: unknown) => console.warn(`Unread ${what} did not load`, err);

  async function refresh() {
    if (session.status !== 'signed-in') return clear();
    await Promise.all([
      readMessages().catch(warn('messages')),
      readNotifications().catch(warn('notifications')),
    ]);
  }

  return {
    state,
    onMessages(listener) {
      if (known) listener(state.messages);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    start() {
      void refresh();
      const subscriptions = [
        bus.shell$.subscribe((e) => {
          if (e.type !== 'session.changed') return;
          if (e.status === 'signed-in') void refresh();
          else clear();
        }),
        bus.on('unread_messages').subscribe((e) => {
          version.messages++;
          setMessages(e.unread_messages, e.unread_messages_favorites);
        }),
        bus.on('notifications_read').subscribe((e) => {
          version.notifications++;
          state.notifications = e.unread;
        }),
        // A record made, or one that gathered another event (already counted): the server says which.
        bus.on('notification').subscribe(() => void readNotifications().catch(warn('notifications'))),
      ];
      return () => subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}
