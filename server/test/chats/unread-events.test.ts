import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { issueAccessToken } from '../../src/auth/tokens';
import { chatMembers, messages, userEvents } from '../../src/db/schema';
import { as, type Client } from '../helpers/api';
import { grantCredits, person, text, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two creators and two fans; each fan has a chat with each creator. */
const pairs = [
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
] as const;
const chatActions = ['read', 'hide', 'unhide', 'favorite', 'remove_favorite', 'delete'] as const;

type Op =
  | { kind: 'send'; pair: number; fromFan: boolean }
  | { kind: 'chat'; pair: number; byFan: boolean; action: (typeof chatActions)[number]; device: number }
  | { kind: 'message'; pair: number; remove: 'hide' | 'delete' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('send' as const), pair: fc.nat(3), fromFan: fc.boolean() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('chat' as const),
      pair: fc.nat(3),
      byFan: fc.boolean(),
      action: fc.constantFrom(...chatActions),
      device: fc.nat(1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      pair: fc.nat(3),
      remove: fc.constantFrom('hide' as const, 'delete' as const),
    }),
  },
);

/** The item at `i`, which the world always has. */
function nth<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

interface World {
  people: Party[];
  /** Each person's two signed-in devices (or tabs with their own session). */
  devices: Client[][];
  chatIds: string[];
  /** The messages written in each chat, newest last, with who wrote them. */
  sent: { id: string; sender: number; recipient: number }[][];
}

async function world(): Promise<World> {
  const people = [
    await person(t, { type: 'featured', creditRate: 1 }),
    await person(t, { type: 'featured', creditRate: 1 }),
    await person(t),
    await person(t),
  ];
  const devices = await Promise.all(
    people.map(async (p) => [p.api, as(t.app, await issueAccessToken(t.db, p.user.id))]),
  );
  const chatIds: string[] = [];
  for (const [creator, fan] of pairs) {
    await grantCredits(t.db, nth(people, fan).user.id, 10_000);
    const res = await nth(people, fan).api.post('/v1/chat', { recipient_id: nth(people, creator).user.id });
    chatIds.push(res.json().data._id);
  }
  return { people, devices, chatIds, sent: pairs.map(() => []) };
}

async function run(w: World, o: Op): Promise<void> {
  const [creator, fan] = nth(pairs, o.pair);
  if (o.kind === 'send') {
    const [from, to] = o.fromFan ? [fan, creator] : [creator, fan];
    const res = await nth(w.people, from).api.post('/v1/messages', text(nth(w.people, to).user.id, 'hi'));
    if (res.statusCode === 200)
      nth(w.sent, o.pair).push({ id: res.json().data._id, sender: from, recipient: to });
    return;
  }
  if (o.kind === 'chat') {
    const who = o.byFan ? fan : creator;
    await nth(nth(w.devices, who), o.device).patch('/v1/chats', {
      action: o.action,
      ids: [w.chatIds[o.pair]],
    });
    return;
  }
  const last = nth(w.sent, o.pair).at(-1);
  if (!last) return;
  if (o.remove === 'delete') await nth(w.people, last.sender).api.delete(`/v1/messages/${last.id}`);
  else await nth(w.people, last.recipient).api.patch(`/v1/messages/${last.id}/hide-for-me`);
}

/** The totals of the last `unread_messages` event the person was sent; zero before any. */
async function lastEvent(userId: string) {
  const [event] = await t.db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), eq(userEvents.type, 'unread_messages')))
    .orderBy(desc(userEvents.seq))
    .limit(1);
  return {
    unread_messages: event?.payload.unread_messages ?? 0,
    unread_messages_favorites: event?.payload.unread_messages_favorites ?? 0,
  };
}

/** What the person has not read: messages to them, still there, never read. */
async function unreadMessages(userId: string) {
  const [row] = await t.db
    .select({
      all: sql<number>`count(*)::int`,
      favorites: sql<number>`(count(*) filter (where ${chatMembers.favorite}))::int`,
    })
    .from(messages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
    .where(
      and(
        eq(messages.recipientId, userId),
        isNull(messages.readAt),
        isNull(messages.deletedAt),
        eq(messages.system, false),
      ),
    );
  return { unread_messages: row?.all ?? 0, unread_messages_favorites: row?.favorites ?? 0 };
}

async function listed(api: Client) {
  const { unread_messages, unread_messages_favorites } = (await api.get('/v1/chats?v=2&limit=1')).json();
  return { unread_messages, unread_messages_favorites };
}

describe('unread totals over the socket', () => {
  it('end as GET /v1/chats answers, and as the messages left unread, after any mix of sends, reads, hides, favourites and deletes by several people and devices', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Steps of one to three operations sent at once, as people on several devices do.
        fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }),
        async (steps) => {
          const w = await world();
          for (const step of steps) await Promise.all(step.map((o) => run(w, o)));
          for (const p of w.people) {
            const shown = await listed(p.api);
            expect(await lastEvent(p.user.id)).toEqual(shown);
            expect(shown).toEqual(await unreadMessages(p.user.id));
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
