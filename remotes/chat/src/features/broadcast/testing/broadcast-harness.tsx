import { screen } from '@testing-library/react';
import { broadcast as broadcastSchema, type Broadcast } from '@cove/contracts';
import {
  fakeHost,
  testChat,
  testChatsPage,
  testConfig,
  testUser,
  type FakeHost,
  type RecordedCall,
} from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';

// What the broadcast tests share: a creator with the feature, two chats, and the screen's server defaults.

export const now = new Date().toISOString();
export const creator = testUser({ _id: 'u-1', type: 'featured', is_broadcasting: false });
const maya = testChat({ other: { _id: 'u-2', username: 'maya' } });
const noah = testChat({ other: { _id: 'u-3', username: 'noah' } });

/** A broadcast as the server lists it, checked against the contract. */
export function aBroadcast(overrides: Partial<Broadcast> = {}): Broadcast {
  return broadcastSchema.parse({
    _id: 'b-1',
    status: 'sent',
    type: 'text',
    text: 'Hello all',
    price: 0,
    self_destruct: false,
    category: 'all',
    list_name: null,
    only_chats: null,
    except_chats: null,
    media_items: null,
    send_at: '2026-11-20T10:00:00.000Z',
    sent: 0,
    viewed: 0,
    bought: 0,
    revenue: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** An answer the test hands over when it chooses. */
export function held<T>() {
  let release: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

/** The server's defaults for this screen; `respond` answers first when it has something to say. */
export function renderScreen(
  respond: (call: RecordedCall) => unknown = () => undefined,
  opts: { path?: string; fake?: (r: (call: RecordedCall) => unknown) => FakeHost } = {},
) {
  const answer = (call: RecordedCall): unknown => {
    const mine = respond(call);
    if (mine !== undefined) return mine;
    if (call.path === '/v1/broadcast' && call.method === 'GET') return { data: [], next: null };
    if (call.path === '/v1/broadcast/recipients') return { count: 7 };
    if (call.path === '/v1/broadcast/send') return { data: aBroadcast({ sent: 7 }) };
    if (call.path === '/v1/chats') return testChatsPage([maya, noah]);
    if (call.path === '/v1/fan-lists') return { data: [] };
    if (call.path === '/v1/chats/total')
      return {
        all: 2,
        online: 0,
        fans: 0,
        subscribers: 0,
        favorites: 0,
        unreplied: 0,
        vip: 0,
        recent: 0,
        sent: 0,
        top: 0,
        hidden: 0,
      };
    if (call.path === '/v1/media/config')
      return { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };
    return undefined;
  };
  const fake = opts.fake?.(answer) ?? fakeHost({ user: creator, respond: answer });
  fake.session.config = testConfig();
  renderChat(opts.path ?? '/chats/broadcast', fake.host);
  return fake;
}

export const posts = (fake: FakeHost) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/broadcast/send');
export const sendButton = () => screen.getByRole('button', { name: 'Send broadcast' });
export const stage = () =>
  screen.getAllByRole('status').find((s) => s.tagName === 'P' && s.className.includes('stage'));

/** Every test runs signed in as u-1. */
export function signedIn(): void {
  beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
  afterEach(() => window.localStorage.clear());
}
