import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@cove/router';
import type { Chat, ChatUser, MediaConfig, Message } from '@cove/contracts';
import {
  fakeHost,
  testChat,
  testChatUser,
  testChatsPage,
  testMessage,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import App from '../../../App';

// What the conversation tests share: a fake host with one chat with maya, and a signed-in reader.

export const now = new Date().toISOString();
export const maya: ChatUser = testChatUser({ _id: 'u-2', is_online: true });
export const chat = (overrides: Partial<Chat> = {}) =>
  testChat({ other: { _id: 'u-2', username: 'maya' }, ...overrides });
const mediaConfig: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };

interface World {
  user?: ReturnType<typeof testUser>;
  chat?: Chat;
  messages?: Message[];
  respond?: (call: RecordedCall) => unknown;
  confirm?: boolean;
  /** How the confirm sheet in front of a charge ends: confirmed unless told otherwise. */
  charge?: 'confirm' | 'dismiss';
}

/** A chat with maya, open at /chats/u-2; `respond` answers first, the chat's defaults after it. */
export function openChat(world: World = {}) {
  const fake = fakeHost({
    user: world.user ?? testUser({ _id: 'u-1' }),
    popupOutcome: (spec) =>
      spec.kind === 'confirm-charge'
        ? { action: world.charge ?? 'confirm' }
        : { action: world.confirm ? 'confirm' : 'dismiss' },
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
  const { state } = useLocation() as { state: { backTo?: string; purchase?: unknown } | null };
  return (
    <p>
      Get credits, then back to {state?.backTo ?? 'nowhere'}
      {state?.purchase ? `, buying ${JSON.stringify(state.purchase)}` : ''}
    </p>
  );
}

export const thread = () => screen.findByRole('list', { name: 'Messages' });
export const sent = (fake: ReturnType<typeof fakeHost>) =>
  fake.calls.filter((c) => c.path === '/v1/messages' && c.method === 'POST');
export const mine = (overrides: Partial<Message>) =>
  testMessage({ sender_id: 'u-1', recipient_id: 'u-2', created_at: now, ...overrides });

/** Every test runs signed in as u-1. */
export function signedIn(): void {
  beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
  afterEach(() => window.localStorage.clear());
}
