import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../src/auth/tokens';
import { users } from '../src/db/schema';
import { FROZEN_SUPPORT_TEXT } from '../src/support/support-chat';
import { frozenFan, seedDemoTrust } from '../src/seed/demo-trust';
import { demoEmail, seedDemoWorld } from '../src/seed/demo-world';
import { as } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const clientOf = async (name: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail(name)));
  if (!row) throw new Error(`no ${name}`);
  // Sessions that passed the second factor, as the demo staff member's would (staff routes ask for it).
  return { id: row.id, row, api: as(t.app, await issueAccessToken(t.db, row.id, { factorPassed: true })) };
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoTrust(t.app);
});
afterAll(() => t.close());

describe('the demo world: trust and safety', () => {
  it('has a frozen fan with his support chat, answered by staff from their screen', async () => {
    const drew = await clientOf(frozenFan);
    expect(drew.row.frozen).toBe(true);
    const staff = await clientOf('cove-staff');
    const chats = (await staff.api.get('/v1/admin/support/chats')).json();
    const chat = chats.data.find((c: { user: { _id: string } }) => c.user._id === drew.id);
    expect(chat).toMatchObject({ frozen: true, unread: 1 });
    const thread = (await drew.api.get(`/v1/chats/${chat.chat_id}/messages`)).json();
    expect(thread.data.map((m: { text: string }) => m.text)).toEqual([
      'Hi, I think someone else used my account last night. What should I do?',
      FROZEN_SUPPORT_TEXT,
    ]);
  });

  it('has a fan who blocked a creator, a private feed and a creator without a vault', async () => {
    const jordan = await clientOf('jordan-fan');
    const theo = await clientOf('theo-vance');
    const nova = await clientOf('nova-lake');
    const blocked = (await jordan.api.get('/v1/users/blocked')).json();
    expect(blocked.data.map((b: { user: { username: string } }) => b.user.username)).toEqual(['theo-vance']);
    expect(nova.row.privateFeed).toBe(true);
    const feed = (await jordan.api.get(`/v1/feed?model_id=${nova.id}`)).json();
    expect(feed.data[0]).toMatchObject({ unlocked: false, unlock_by: 'subscribe' });
    expect((await theo.api.get('/v1/media')).statusCode).toBe(403);
    expect((await theo.api.get('/v1/provider/config?platform=react')).json().features.vault).toBe(false);
  });
});
