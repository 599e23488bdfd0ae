import { discoverPage } from '@cove/contracts';
import { feedPosts, messages, providerSettings } from '../../src/db/schema';
import { refreshDiscoverActivity } from '../../src/discover/activity';
import { fanAndCreator, person, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const listed = { type: 'featured', discoverStatus: 'featured' } as const;

async function names(viewer: Party, query: string): Promise<string[]> {
  const res = await viewer.api.get(`/v1/users/discover?${query}`);
  expect(res.statusCode).toBe(200);
  return discoverPage.parse(res.json()).data.map((p) => p.username ?? '');
}

async function posts(creator: Party, n: number, createdAt = new Date()) {
  for (let i = 0; i < n; i++) {
    await t.db
      .insert(feedPosts)
      .values({ creatorId: creator.user.id, type: 'text', text: `post ${i}`, createdAt });
  }
}

describe('discover order', () => {
  it('online, then seen within 72 hours, then most active in 7 days, then most recently seen, then username', async () => {
    const fan = await person(t);
    await person(t, { ...listed, username: 'ord-a', isOnline: true, lastOnline: new Date() });
    await person(t, { ...listed, username: 'ord-b', lastOnline: hoursAgo(1) });
    await posts(await person(t, { ...listed, username: 'ord-c', lastOnline: hoursAgo(2) }), 3);
    const d = await person(t, { ...listed, username: 'ord-d', lastOnline: hoursAgo(100) });
    await person(t, { ...listed, username: 'ord-e', lastOnline: hoursAgo(80) });
    await posts(await person(t, { ...listed, username: 'ord-f', lastOnline: hoursAgo(200) }), 2);
    // Posts older than 7 days and deleted ones are not activity.
    const g = await person(t, { ...listed, username: 'ord-g' });
    await posts(g, 5, hoursAgo(8 * 24));
    await t.db.insert(feedPosts).values({ creatorId: g.user.id, type: 'text', deletedAt: new Date() });
    await person(t, { ...listed, username: 'ord-i' });
    await person(t, { ...listed, username: 'ord-h' });
    // One message sent by d in the last 7 days; a system message in d's name does not count.
    const chat = await fanAndCreator(t, { creator: { ...listed, username: 'ord-j' } });
    await t.db.insert(messages).values([
      {
        chatId: chat.chatId,
        senderId: chat.creator.user.id,
        recipientId: chat.fan.user.id,
        type: 'text',
        system: true,
      },
    ]);
    const dChat = await fanAndCreator(t, { creator: { ...listed, username: 'ord-x' } });
    await t.db.insert(messages).values({
      chatId: dChat.chatId,
      senderId: d.user.id,
      recipientId: dChat.fan.user.id,
      type: 'text',
      text: 'hi',
    });
    // Activity counts once the job has run (test/profiles/discover-rank.test.ts).
    await refreshDiscoverActivity(t.db);

    expect(await names(fan, 'q=ord-&featured=false')).toEqual([
      'ord-a',
      'ord-c',
      'ord-b',
      'ord-f',
      'ord-d',
      'ord-e',
      'ord-g',
      'ord-h',
      'ord-i',
      'ord-j',
      'ord-x',
    ]);
    // code_used puts that creator first when listed, and is kept in the next page's URL.
    const page = await fan.api.get('/v1/users/discover?q=ord-&featured=false&code_used=ORD-I&limit=3');
    expect(page.json().data.map((p: { username: string }) => p.username)).toEqual([
      'ord-i',
      'ord-a',
      'ord-c',
    ]);
    expect(page.json().next).toBe(
      '/v1/users/discover?offset=3&limit=3&featured=false&q=ord-&code_used=ORD-I',
    );
    expect(await names(fan, 'q=ord-&featured=false&code_used=nobody&limit=2')).toEqual(['ord-a', 'ord-c']);
  });
});

describe('discover visibility and filters', () => {
  it('hides no_discover (own or default) and restricted creators unless forced', async () => {
    const fan = await person(t);
    await person(t, { ...listed, username: 'vis-ok' });
    await person(t, { ...listed, username: 'vis-nodisc', features: { no_discover: true } });
    await person(t, {
      ...listed,
      username: 'vis-nodisc-forced',
      forceDiscover: true,
      features: { no_discover: true },
    });
    await person(t, { ...listed, username: 'vis-moderation', requiresModeration: true });
    await person(t, {
      ...listed,
      username: 'vis-pending',
      requiresModeration: true,
      idVerificationStatus: 'pending',
    });
    await person(t, { ...listed, username: 'vis-verified', requiresModeration: true, idVerified: true });
    await person(t, { ...listed, username: 'vis-forced', requiresModeration: true, forceDiscover: true });
    await person(t, {
      type: 'featured',
      username: 'vis-denied-forced',
      discoverStatus: 'denied',
      forceDiscover: true,
    });
    await person(t, { ...listed, username: 'vis-optout', features: { no_discover: false } });

    expect(await names(fan, 'q=vis-&featured=false')).toEqual([
      'vis-denied-forced',
      'vis-forced',
      'vis-ok',
      'vis-optout',
      'vis-verified',
    ]);

    const [settings] = await t.db.select().from(providerSettings);
    await t.db
      .update(providerSettings)
      .set({ defaultFeatures: { ...settings?.defaultFeatures, no_discover: true } });
    try {
      expect(await names(fan, 'q=vis-&featured=false')).toEqual(['vis-optout']);
    } finally {
      await t.db.update(providerSettings).set({ defaultFeatures: settings?.defaultFeatures ?? {} });
    }
  });

  it('searches username and bio, filters gender, lists the same for near, and tells who the viewer follows', async () => {
    const fan = await person(t);
    const other = await person(t);
    const ann = await person(t, { ...listed, username: 'flt-ann', gender: 'female', bio: 'Loves jazz' });
    await person(t, { ...listed, username: 'flt-bo', gender: 'male', bio: 'flt- and JAZZ_100%' });
    await person(t, { type: 'featured', discoverStatus: 'hidden', username: 'flt-cy', gender: 'trans' });
    await fan.api.patch(`/v1/users/${ann.user.id}/follow`);

    expect(await names(fan, 'q=jazz&featured=false')).toEqual(['flt-ann', 'flt-bo']);
    expect(await names(fan, 'q=jazz_100%25&featured=false')).toEqual(['flt-bo']);
    expect(await names(fan, 'q=flt-&featured=false&gender=female,trans')).toEqual(['flt-ann', 'flt-cy']);
    expect(await names(fan, 'q=flt-&featured=true')).toEqual(['flt-ann', 'flt-bo']);
    expect(await names(fan, 'q=flt-&featured=false&type=near')).toEqual(
      await names(fan, 'q=flt-&featured=false'),
    );

    const followee = (res: { json(): { data: { username: string; is_followee: boolean }[] } }) =>
      Object.fromEntries(res.json().data.map((p) => [p.username, p.is_followee]));
    expect(followee(await fan.api.get('/v1/users/discover?q=flt-&featured=false'))).toEqual({
      'flt-ann': true,
      'flt-bo': false,
      'flt-cy': false,
    });
    expect(followee(await other.api.get('/v1/users/discover?q=flt-&featured=false'))).toEqual({
      'flt-ann': false,
      'flt-bo': false,
      'flt-cy': false,
    });
  });
});
