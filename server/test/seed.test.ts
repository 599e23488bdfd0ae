import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { chatMembers, chats, messages, users } from '../src/db/schema';
import { seedBulk } from '../src/seed/bulk';
import { seedBulkMessages } from '../src/seed/bulk-messages';
import { demoReleaseManager } from '../src/seed/demo-releases';
import { demoCreators, demoEmail, demoFans, seedDemoWorld } from '../src/seed/demo-world';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('benchmark data', () => {
  it('spreads generated messages over chats between generated fans and creators', async () => {
    const own = await createTestApp();
    await seedBulk(own.db, { creators: 3, fans: 10, mediaDir: join(own.config.dataDir, 'media') });
    await seedBulkMessages(own.db, 50);
    expect(await own.db.$count(chats)).toBe(10);
    expect(await own.db.$count(messages)).toBe(50);
    const members = await own.db.select().from(chatMembers);
    expect(members).toHaveLength(20);
    expect(members.every((m) => m.lastMessageAt !== null)).toBe(true);
    const [chat] = await own.db.select().from(chats).limit(1);
    expect(chat?.lastMessageText).toMatch(/^Generated message \d+$/);
    await own.close();
  });
});

describe('the first-run data', () => {
  it('has the support and info system accounts after migrating', async () => {
    const rows = await t.db
      .select()
      .from(users)
      .where(inArray(users.username, ['support', 'info']));
    expect(rows.map((r) => r.username).sort()).toEqual(['info', 'support']);
  });

  it('seeds demo creators with avatar and cover images, once', async () => {
    const mediaDir = join(t.config.dataDir, 'media');
    expect(await seedDemoWorld(t.db, mediaDir)).toBe(true);
    const emails = [...demoCreators, ...demoFans].map((p) => demoEmail(p.username));
    const rows = await t.db.select().from(users).where(inArray(users.email, emails));
    expect(rows).toHaveLength(emails.length);

    const creators = rows.filter((r) => r.type === 'featured');
    expect(creators).toHaveLength(demoCreators.length);
    for (const c of creators) {
      const url = c.avatarUrl ?? '';
      expect(url).toMatch(/^\/media\/public\/avatar-[0-9a-f]{20}\.webp$/);
      const file = join(mediaDir, 'public', url.slice('/media/public/'.length));
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      // Every creator page opens on a cover of the size every client shows.
      const cover = c.coverUrl ?? '';
      expect(cover).toMatch(/^\/media\/public\/cover-[0-9a-f]{20}\.webp$/);
      const coverServed = await t.app.inject({ url: cover });
      expect(coverServed.statusCode).toBe(200);
      expect(await sharp(coverServed.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 1200,
        height: 400,
      });
    }
    expect(new Set(creators.map((c) => c.avatarUrl)).size).toBe(creators.length);
    expect(new Set(creators.map((c) => c.coverUrl)).size).toBe(creators.length);

    // Creator signals: wren-hale is invisible, sasha-noir has staff's first Discover warning.
    const byName = new Map(rows.map((r) => [r.username, r]));
    expect(byName.get('wren-hale')).toMatchObject({ invisible: true, punishmentLevel: 0 });
    expect(byName.get('sasha-noir')).toMatchObject({ invisible: false, punishmentLevel: 1 });
    expect(byName.get('sasha-noir')?.punishmentUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(
      rows
        .filter((r) => r.invisible || r.punishmentLevel > 0)
        .map((r) => r.username)
        .sort(),
    ).toEqual(['sasha-noir', 'wren-hale']);

    // The release page has its demo release manager; staff are not release managers.
    const managers = await t.db.select().from(users).where(eq(users.isReleaseManager, true));
    expect(managers.map((u) => u.email)).toEqual([demoEmail(demoReleaseManager)]);

    expect(await seedDemoWorld(t.db, mediaDir)).toBe(false);
    const again = await t.db.select().from(users).where(eq(users.type, 'featured'));
    expect(again).toHaveLength(demoCreators.length);
  });
});
