import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../src/auth/tokens';
import { users } from '../src/db/schema';
import { seedDemoChats } from '../src/seed/demo-chats';
import { demoEmail, seedDemoWorld } from '../src/seed/demo-world';
import { as } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo conversations without ffmpeg', () => {
  it('are made without the paid video, saying so in one line', async () => {
    await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
    const warn = jest.spyOn(t.app.log, 'warn');
    const path = process.env.PATH;
    process.env.PATH = join(t.config.dataDir, 'no-tools');
    try {
      await seedDemoChats(t.app);
    } finally {
      process.env.PATH = path;
    }
    expect(warn).toHaveBeenCalledWith('demo world: made without its paid video (ffmpeg is not installed)');

    const [alex] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('alex-fan')));
    const fan = as(t.app, await issueAccessToken(t.db, alex?.id ?? ''));
    const withLuna = (await fan.get('/v1/chats?v=2&limit=20'))
      .json<{ data: { chat_id: string; other_user: { username: string } }[] }>()
      .data.find((c) => c.other_user.username === 'luna-rivers');
    const thread = (await fan.get(`/v1/chats/${withLuna?.chat_id}/messages?limit=50`)).json<{
      data: { type: string; price: number }[];
    }>();
    expect(thread.data.filter((m) => m.price > 0).map((m) => m.type)).toEqual(['image']);
  });
});
