import type { NotificationKind } from '@cove/contracts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications } from '../db/schema';
import { addNotification, type NotificationInput } from '../notifications/add';
import { withEvents } from '../realtime/with-events';
import { demoActors } from './demo-api';

/** How many of each person's newest records stay unread. */
const UNREAD = 4;

/**
 * Every kind of notification for luna-rivers and alex-fan. Most come from what the demo world did
 * through the API before this runs (messages, tips, purchases, subscriptions); casey-fan follows
 * luna here, and what no earlier step did (a renewal, a payout, staff decisions) is recorded as its
 * cause would record it. All but the newest few of each are read. Run last.
 */
export async function seedDemoNotifications(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['luna-rivers', 'alex-fan', 'casey-fan'], 'demo notifications');
  const { call, idOf } = actors;
  const luna = idOf('luna-rivers');
  const alex = idOf('alex-fan');
  await call('casey-fan', 'PATCH', `/v1/users/${luna}/follow`);

  const wanted: [string, NotificationInput][] = [
    [luna, { kind: 'message', actorId: alex, detail: 'See you at the show?', url: `/chats/${alex}` }],
    [luna, { kind: 'tip', actorId: alex, amount: 50, url: `/chats/${alex}` }],
    [luna, { kind: 'purchase', actorId: alex, amount: 60, url: `/chats/${alex}` }],
    [luna, { kind: 'post_purchase', actorId: alex, amount: 30, url: `/chats/${alex}` }],
    [luna, { kind: 'new_subscriber', actorId: alex, amount: 99, url: `/chats/${alex}` }],
    [luna, { kind: 'renewal', actorId: alex, amount: 99, url: `/chats/${alex}` }],
    [luna, { kind: 'payout', amount: 2500, url: '/account/earnings/payouts' }],
    [luna, { kind: 'application', detail: 'approved', url: '/account/apply' }],
    [alex, { kind: 'message', actorId: luna, detail: 'Thank you for the tip!', url: `/chats/${luna}` }],
    [alex, { kind: 'new_post', actorId: luna, url: `/creators/${luna}` }],
    [
      alex,
      {
        kind: 'moderation',
        detail: 'Cove warned you about a report on your account.',
        url: '/account/settings',
      },
    ],
  ];
  const deps = { db: app.db, realtime: app.realtime };
  for (const [userId, input] of wanted) {
    if (!(await hasKind(app, userId, input.kind)))
      await withEvents(deps, (tx, emit) => addNotification(tx, emit, [userId], input));
  }
  for (const userId of [luna, alex]) await readAllButNewest(app, userId);
  await actors.done();
}

async function hasKind(app: FastifyInstance, userId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .limit(1);
  return row !== undefined;
}

async function readAllButNewest(app: FastifyInstance, userId: string): Promise<void> {
  const newest = await app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`)
    .limit(UNREAD);
  await app.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        notInArray(
          notifications.id,
          newest.map((n) => n.id),
        ),
      ),
    );
}
