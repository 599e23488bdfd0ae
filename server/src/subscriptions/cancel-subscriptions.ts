import { and, eq, inArray, or } from 'drizzle-orm';
import { subscriptions, type UserRow } from '../db/schema';
import { isUuid } from '../ids';
import { type EventDeps, withEvents } from '../realtime/with-events';

/**
 * `DELETE /v1/subscriptions?ids=a,b`: stops the renewal of the caller's own active subscriptions,
 * named by subscription id or by creator id (the spec's Manage subscriptions selects by creator);
 * access lasts to the end of the paid period, when the renewal sweep ends them. Ids that are not the
 * caller's, or not active, are left alone. The caller's row is locked first, as a renewal of theirs
 * locks it, so two cancels of the same rows queue instead of deadlocking.
 */
export async function cancelSubscriptions(deps: EventDeps, me: UserRow, idList: string) {
  const ids = [...new Set(idList.split(',').map((id) => id.trim()))].filter(isUuid);
  if (ids.length === 0) return { canceled: 0 };
  return withEvents(
    deps,
    async (tx, emit) => {
      const now = new Date();
      const canceled = await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: now, updatedAt: now })
        .where(
          and(
            eq(subscriptions.fanId, me.id),
            or(inArray(subscriptions.id, ids), inArray(subscriptions.creatorId, ids)),
            eq(subscriptions.status, 'active'),
          ),
        )
        .returning({ creatorId: subscriptions.creatorId });
      for (const { creatorId } of canceled)
        emit(me.id, { type: 'subscription_updated', model_id: creatorId, status: 'canceled' });
      return { canceled: canceled.length };
    },
    { between: [me.id] },
  );
}
