import { type ErrorCode, formatMoney } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { isBlockedEitherWay, userRow } from '../chats/chat-store';
import { cannotChat, isGone } from '../chats/pair-rules';
import { subscriptions, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { type EventDeps, withEvents } from '../realtime/with-events';

export const renewalCodes = [
  'subscription_not_found',
  'subscription_ended',
  'no_subscriptions',
  'chat_refused',
  'total_changed',
] as const satisfies readonly ErrorCode[];

/**
 * `PATCH /v1/subscriptions/{id}`: the fan turns the renewal of their own subscription off (it runs to
 * the end of the period paid for, then ends) or on again before that end (it renews at its monthly
 * price, which the fan confirmed: `price` must be it). On is refused once the period is over, while a
 * block stands either way, or when the creator no longer takes subscribers. In a transaction between
 * fan and creator, as the renewal sweep takes, so a switch and a renewal never cross.
 */
export async function setRenewal(
  deps: EventDeps,
  me: UserRow,
  id: string,
  body: { renew: boolean; price?: number | undefined },
) {
  if (!isUuid(id)) throw fail('subscription_not_found');
  const [owned] = await deps.db
    .select({ creatorId: subscriptions.creatorId })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.fanId, me.id)));
  if (!owned) throw fail('subscription_not_found');
  return withEvents(
    deps,
    async (tx, emit) => {
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      const now = new Date();
      if (!sub || sub.status === 'expired' || sub.currentPeriodEnd <= now) throw fail('subscription_ended');
      if (body.renew && sub.status === 'canceled') {
        const creator = await userRow(tx, sub.creatorId);
        if (!creator || isGone(creator) || creator.subscriptionPrice === 0) throw fail('no_subscriptions');
        if (await isBlockedEitherWay(tx, me.id, creator.id)) throw cannotChat();
        if (body.price !== sub.price)
          throw fail('total_changed', formatMoney(body.price ?? 0), formatMoney(sub.price));
      }
      const status = body.renew ? ('active' as const) : ('canceled' as const);
      const [row] =
        sub.status === status
          ? [sub]
          : await tx
              .update(subscriptions)
              .set({ status, canceledAt: body.renew ? null : now, updatedAt: now })
              .where(eq(subscriptions.id, sub.id))
              .returning();
      if (!row) throw new Error('subscription vanished under its lock');
      if (row !== sub) emit(me.id, { type: 'subscription_updated', model_id: sub.creatorId, status });
      return {
        data: { _id: row.id, status, price: row.price, expires_at: row.currentPeriodEnd.toISOString() },
      };
    },
    { between: [me.id, owned.creatorId] },
  );
}
