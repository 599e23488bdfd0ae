import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { issueAccessToken } from '../src/auth/tokens';
import { users } from '../src/db/schema';
import { demoBroadcastTime, seedDemoBroadcasts } from '../src/seed/demo-broadcasts';
import { seedDemoBundles } from '../src/seed/demo-bundles';
import { pushyFan, seedDemoCareful } from '../src/seed/demo-careful';
import { seedDemoChats } from '../src/seed/demo-chats';
import { seedDemoEarnings } from '../src/seed/demo-earnings';
import { seedDemoFans } from '../src/seed/demo-fans';
import { seedDemoHomeFeed } from '../src/seed/demo-home-feed';
import { seedDemoMoneyLines } from '../src/seed/demo-money-lines';
import { seedDemoProfiles } from '../src/seed/demo-profiles';
import { seedDemoReports } from '../src/seed/demo-reports';
import { seedDemoTips } from '../src/seed/demo-tips';
import { seedDemoEngagement } from '../src/seed/demo-engagement';
import { demoEmail, seedDemoWorld } from '../src/seed/demo-world';
import { demoStaff } from '../src/seed/demo-applications';
import { as, type Client } from './helpers/api';
import { eventually } from './helpers/payments';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alex: Client;
let luna: Client;
const idOf = async (name: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail(name)));
  if (!row) throw new Error(`no ${name}`);
  return row.id;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoWorld(t.db, join(t.config.dataDir, 'media'));
  await seedDemoChats(t.app);
  await seedDemoBundles(t.app);
  await seedDemoProfiles(t.app);
  await seedDemoEarnings(t.app);
  await seedDemoTips(t.app);
  await seedDemoEngagement(t.app);
  await seedDemoCareful(t.app);
  await seedDemoBroadcasts(t.app);
  await seedDemoMoneyLines(t.app);
  await seedDemoFans(t.app);
  await seedDemoHomeFeed(t.app);
  await seedDemoReports(t.app);
  alex = as(t.app, await issueAccessToken(t.db, await idOf('alex-fan')));
  luna = as(t.app, await issueAccessToken(t.db, await idOf('luna-rivers')));
  // The whole demo world through the API, a video through ffmpeg among it: about 50 s alone.
}, 180_000);
afterAll(() => t.close());

interface ChatRow {
  chat_id: string;
  other_user: { username: string };
  unread_messages: number;
  notes: { note: string }[];
}
interface MessageRow {
  _id: string;
  type: string;
  price: number;
  media: { locked: boolean } | null;
}

describe('the demo conversations', () => {
  it('show tips with messages, one of them on a post, and a paid post with a teaser', async () => {
    const withLuna = (await alex.get(`/v1/chat?recipient_id=${await idOf('luna-rivers')}`)).json<{
      data: { chat_id: string };
    }>();
    const thread = (await luna.get(`/v1/chats/${withLuna.data.chat_id}/messages?limit=50`)).json<{
      data: { type: string; tip_note?: string | null; tip_post_id?: string | null }[];
    }>();
    const tips = thread.data.filter((m) => m.type === 'tip_model' && m.tip_note);
    expect(tips.map((m) => [m.tip_note, Boolean(m.tip_post_id)]).sort()).toEqual([
      ['For the Porto photos. Have a coffee on me ☕', false],
      ['Played it on repeat all the way to work. Counting down to Friday!', true],
    ]);
    const recipes = (await alex.get(`/v1/feed?model_id=${await idOf('theo-vance')}`)).json<{
      data: { teaser?: string; price: number; unlocked: boolean }[];
    }>();
    expect(recipes.data.find((p) => p.price > 0)).toMatchObject({
      unlocked: false,
      teaser: 'My ragù, step by step: the recipe my nonna never wrote down',
    });
  });

  it('give the demo fan an inbox with unread replies and a locked paid photo and video he can afford', async () => {
    const inbox = (await alex.get('/v1/chats?v=2&limit=20')).json<{ data: ChatRow[] }>().data;
    expect(inbox.map((c) => c.other_user.username).sort()).toEqual([
      'luna-rivers',
      'mira-kent',
      'sasha-noir',
    ]);
    expect(inbox.find((c) => c.other_user.username === 'mira-kent')?.unread_messages).toBe(3);
    const withLuna = inbox.find((c) => c.other_user.username === 'luna-rivers');
    if (!withLuna) throw new Error('no chat with luna');

    const thread = (await alex.get(`/v1/chats/${withLuna.chat_id}/messages?limit=50`)).json<{
      data: MessageRow[];
    }>();
    const types = thread.data.map((m) => m.type);
    expect(types).toEqual(expect.arrayContaining(['text', 'image', 'video', 'gif', 'tip_user']));
    const paid = thread.data.filter((m) => m.price > 0);
    expect(paid.map((m) => [m.type, m.media?.locked])).toEqual([
      ['video', true],
      ['image', true],
    ]);

    const me = (await alex.get('/v1/users/me')).json<{ credits: number }>();
    expect(me.credits).toBeGreaterThanOrEqual(paid.reduce((sum, m) => sum + m.price, 0));
    for (const m of paid) {
      const bought = await alex.patch(`/v1/messages/${m._id}/buy`);
      expect(bought.statusCode).toBe(200);
      expect(bought.json<{ data: MessageRow }>().data.media?.locked).toBe(false);
    }
  });

  it('show the demo fan as a customer with a saved card, a card payment and a purchase', async () => {
    expect((await alex.get('/v1/users/me')).json()).toMatchObject({ is_customer: true });
    expect((await alex.get('/v1/cc')).json()).toMatchObject({ data: [{ brand: 'VISA', last4: '4242' }] });
    const bought = (await alex.get('/v1/message/paid')).json<{ data: unknown[] }>().data;
    expect(bought).toContainEqual(
      expect.objectContaining({ price: 30, creator: expect.objectContaining({ username: 'mira-kent' }) }),
    );
    expect((await alex.get('/v1/payment/packages')).json()).toMatchObject({
      crypto: true,
      first_purchase_bonus: 0,
    });
  });

  it('give the creators profiles and feeds, open to alex as follower and subscriber', async () => {
    const lunaId = await idOf('luna-rivers');
    const profile = (await alex.get(`/v1/users/${lunaId}/profile`)).json().data;
    expect(profile).toMatchObject({
      is_followee: true,
      subscription: { status: 'active' },
      subscription_price: 99,
    });
    expect(profile.bio).toMatch(/Lisbon/);
    expect(profile.cover_url).toEqual(expect.any(String));
    const feed = (await alex.get(`/v1/feed?model_id=${lunaId}`)).json().data as {
      audience: string;
      price: number;
      unlocked: boolean;
    }[];
    expect(feed.map((p) => [p.audience, p.price > 0, p.unlocked])).toEqual(
      expect.arrayContaining([
        ['user', false, true],
        ['follower', false, true],
        ['subscriber', false, true],
        ['user', true, false],
      ]),
    );
    const tabs = (await luna.get('/v1/chats?v=2&limit=20&type=subscribers')).json();
    expect(tabs.data.map((c: ChatRow) => c.other_user.username)).toEqual(['alex-fan']);
  });

  it("give luna's posts likes and comments from the demo fans, a pinned photo first and a hidden comment", async () => {
    const lunaId = await idOf('luna-rivers');
    const feed = (await alex.get(`/v1/feed?model_id=${lunaId}`)).json().data as {
      _id: string;
      text: string;
      pinned: boolean;
      liked: boolean;
      like_count: number;
      comment_count: number;
    }[];
    expect(feed[0]).toMatchObject({
      text: 'Alfama at golden hour',
      pinned: true,
      liked: true,
      like_count: 2,
    });
    expect(feed[0]?.comment_count).toBe(1);
    expect(feed.find((p) => p.text.startsWith('New song'))).toMatchObject({
      like_count: 2,
      comment_count: 2,
    });
    const comments = (await luna.get(`/v1/feed/${feed[0]?._id}/comments`)).json().data as {
      text: string;
      hidden: boolean;
    }[];
    expect(comments.map((c) => [c.text, c.hidden])).toEqual([
      ['First!!!', true],
      ['That light over the rooftops 😍', false],
    ]);
  });

  it('give alex a home feed of several creators, locked posts among them, five of them new to him', async () => {
    // Posted after he followed: Luna's paid setlist (bought) and her party news, Mira's day 7, Ivy's
    // two. The counts are carried by the fan-out jobs a moment after the posts.
    const unread = await eventually(
      async () => (await alex.get('/v1/users/me')).json().unread_feeds as number,
      (n) => n === 5,
    );
    expect(unread).toBe(5);
    const feed = (await alex.get('/v1/feed')).json().data as { username: string; unlock_by: string | null }[];
    expect(new Set(feed.map((p) => p.username))).toEqual(new Set(['luna-rivers', 'mira-kent', 'ivy-moon']));
    expect(feed.map((p) => p.unlock_by)).toEqual(expect.arrayContaining(['buy', 'subscribe']));
    expect((await alex.get('/v1/users/me')).json().unread_feeds).toBe(0);
  });

  it('give the demo creator unread chats from fans and a note on one', async () => {
    const inbox = (await luna.get('/v1/chats?v=2&limit=20')).json<{ data: ChatRow[] }>().data;
    expect(inbox.map((c) => c.other_user.username).sort()).toEqual(['alex-fan', 'jordan-fan', 'sam-fan']);
    expect(inbox.filter((c) => c.unread_messages > 0).length).toBeGreaterThanOrEqual(2);
    expect(inbox.find((c) => c.other_user.username === 'alex-fan')?.notes[0]?.note).toMatch(/Lisbon/);
  });

  it('give the demo creator a hidden chat her Hidden tab and a search find, and a fan another creator blocked', async () => {
    const hidden = (await luna.get('/v1/chats?v=2&limit=20&type=hidden')).json<{ data: ChatRow[] }>().data;
    expect(hidden.map((c) => c.other_user.username)).toEqual([pushyFan]);
    const found = (await luna.get(`/v1/chats?v=2&limit=20&search=${pushyFan}`)).json<{ data: ChatRow[] }>()
      .data;
    expect(found.map((c) => c.other_user.username)).toEqual([pushyFan]);

    const casey = as(t.app, await issueAccessToken(t.db, await idOf(pushyFan)));
    const withNova = await casey.get(`/v1/chat?recipient_id=${await idOf('nova-lake')}`);
    expect(withNova.json().data).toMatchObject({ blocked_by_other: true, blocked: false });
  });
});

describe('the demo bundles', () => {
  it('give the demo fan a bundle he bought and one still locked, each with its text and free preview', async () => {
    const inbox = (await alex.get('/v1/chats?v=2&limit=20')).json<{ data: ChatRow[] }>().data;
    const withSasha = inbox.find((c) => c.other_user.username === 'sasha-noir');
    const thread = (await alex.get(`/v1/chats/${withSasha?.chat_id}/messages?limit=50`)).json<{
      data: (MessageRow & {
        text: string;
        paid: boolean;
        media_items: { preview: boolean; media: { locked: boolean } }[] | null;
      })[];
    }>();
    const bundles = thread.data.filter((m) => m.media_items);
    expect(bundles.map((m) => [m.price, m.paid, m.text.length > 0])).toEqual([
      [90, false, true],
      [60, true, true],
    ]);
    expect(bundles.map((m) => m.media_items?.map((i) => i.media.locked))).toEqual([
      [false, true, true, true],
      [false, false, false],
    ]);
  });
});

describe('the demo money lines', () => {
  const linesOf = async (who: Client, other: string) => {
    const chat = (await who.get(`/v1/chat?recipient_id=${await idOf(other)}`)).json<{
      data: { chat_id: string };
    }>();
    const page = await who.get(`/v1/chats/${chat.data.chat_id}/messages?limit=100`);
    return page
      .json<{ data: { type: string; system: boolean; text: string; notice: unknown }[] }>()
      .data.filter((m) => m.system && m.notice !== null)
      .map((m) => ({ type: m.type, text: m.text, notice: m.notice }));
  };

  it('are stored as amounts: alex\u2019s tip and subscription, luna\u2019s rate change with jordan', async () => {
    expect(await linesOf(alex, 'luna-rivers')).toEqual(
      expect.arrayContaining([
        { type: 'tip_user', text: '', notice: { kind: 'tip', amount: 20 } },
        {
          type: 'for_user_subscription',
          text: '',
          notice: { kind: 'subscribed', amount: expect.any(Number) },
        },
      ]),
    );
    expect(await linesOf(luna, 'jordan-fan')).toEqual(
      expect.arrayContaining([
        { type: 'for_model_rate_changed', text: '', notice: { kind: 'rate_changed', amount: 15 } },
      ]),
    );
  });

  it('open every demo chat with a creator as an intro, told to each side', async () => {
    const kinds = async (who: Client, other: string) =>
      (await linesOf(who, other)).filter((l) => (l.notice as { kind: string }).kind === 'intro_started');
    expect(await kinds(alex, 'luna-rivers')).toEqual([
      { type: 'for_user_intro', text: '', notice: { kind: 'intro_started', amount: expect.any(Number) } },
    ]);
    expect((await kinds(luna, 'alex-fan')).map((l) => l.type)).toEqual(['for_model_intro']);
  });
});

describe('the demo broadcasts', () => {
  it('give luna a broadcast scheduled for tomorrow evening, listed with its funnel and not yet sent', async () => {
    const list = (await luna.get('/v1/broadcast')).json() as {
      data: { status: string; text: string; send_at: string; sent: number; created_at: string }[];
    };
    expect(list.data).toEqual([
      expect.objectContaining({ status: 'scheduled', text: expect.stringContaining('new single'), sent: 0 }),
    ]);
    const [scheduled] = list.data;
    expect(scheduled?.send_at).toBe(demoBroadcastTime(new Date(scheduled?.created_at ?? '')).toISOString());
  });
});

describe('the demo earnings', () => {
  it('give luna available and pending earnings from several sources over the month, a PayPal method, a completed payout and a referral', async () => {
    const totals = (await luna.get('/v1/account/totals')).json();
    // Enough for her to try a payout of her own (the minimum is $20.00).
    expect(totals.available).toBeGreaterThanOrEqual(200);
    expect(totals.pending).toBeGreaterThan(0);
    expect(totals.paid_out).toBe(200);

    const stats = (await luna.get('/v1/account/stats?days=30')).json<{
      data: { date: string }[];
      totals: Record<string, number>;
    }>();
    for (const source of ['messages', 'ppv', 'tips', 'subscriptions', 'referrals'])
      expect(stats.totals[source]).toBeGreaterThan(0);
    const earningDays = stats.data.filter((d) =>
      Object.entries(d).some(([k, v]) => k !== 'date' && typeof v === 'number' && v > 0),
    );
    expect(earningDays.length).toBeGreaterThanOrEqual(5);

    expect((await luna.get('/v1/account/info')).json()).toMatchObject({
      data: { payout_method: { method: 'paypal_transfer', label: 'PayPal · l•••@demo.cove.test' } },
    });
    const payouts = (await luna.get('/v1/account/payouts')).json<{
      data: { status: string; amount: number }[];
    }>();
    expect(payouts.data).toEqual([expect.objectContaining({ status: 'completed', amount: 200 })]);

    const referrals = (await luna.get('/v1/users/referrals')).json<{
      data: { username: string; earned: number }[];
      code: string;
    }>();
    expect(referrals.code).toBe('luna-rivers');
    expect(referrals.data).toEqual([expect.objectContaining({ username: 'nova-lake' })]);
    expect(referrals.data[0]?.earned).toBeGreaterThan(0);
  });
});

describe('the demo fans', () => {
  it('give luna named lists with people on them, a VIP she chose and fans who spent differently', async () => {
    const lists = (await luna.get('/v1/fan-lists')).json<{ data: { name: string; members: number }[] }>()
      .data;
    expect(lists.map((l) => [l.name, l.members])).toEqual([
      ['Music lovers', 2],
      ['Lisbon trip', 2],
    ]);
    const spend = async (name: string) => {
      const chat = (await luna.get(`/v1/chat?recipient_id=${await idOf(name)}`)).json<{ data: ChatRow }>()
        .data;
      return (await luna.get(`/v1/chats/${chat.chat_id}/fan`)).json<{
        data: { spent: number; vip: boolean };
      }>().data;
    };
    const [alexFigures, sam, jordan] = [
      await spend('alex-fan'),
      await spend('sam-fan'),
      await spend('jordan-fan'),
    ];
    expect(alexFigures.spent).toBeGreaterThan(120);
    expect(sam).toMatchObject({ spent: 120, vip: true });
    expect(jordan).toMatchObject({ spent: 0, vip: false });
  });
});

describe('the demo reports', () => {
  it('give the demo staff member open reports with evidence, and resolved ones in the audit log', async () => {
    // Staff routes want a session that passed the second factor, as the demo staff member's would.
    const staff = as(t.app, await issueAccessToken(t.db, await idOf(demoStaff), { factorPassed: true }));
    const open = (await staff.get('/v1/admin/reports')).json().reports as {
      category: string;
      reported: { username: string };
      evidence: { kind: string; text: string }[];
    }[];
    expect(open.map((r) => [r.category, r.reported.username])).toEqual([
      ['harassment', pushyFan],
      ['stolen_content', 'theo-vance'],
    ]);
    expect(open[0]?.evidence).toContainEqual(
      expect.objectContaining({ kind: 'message', text: 'Hey, answer me already. Why are you ignoring me??' }),
    );
    expect(open[1]?.evidence).toEqual([expect.objectContaining({ kind: 'post' })]);
    const resolved = (await staff.get('/v1/admin/reports?status=resolved')).json().reports;
    expect(resolved.map((r: { resolution: string }) => r.resolution)).toEqual(['warn', 'dismiss']);
    const audit = (await staff.get(`/v1/admin/audit?target=${await idOf(pushyFan)}`)).json().entries;
    expect(audit).toEqual([
      expect.objectContaining({
        actor: `staff:${demoEmail(demoStaff)}`,
        command: 'warn',
        reason: 'Asked a creator to be paid off Cove.',
      }),
    ]);
  });
});
