import { type ErrorCode, formatMoney } from '@cove/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TriggerDeps } from '../../auto-messages/plugin';
import { subscriptions, subscriptionTrialLinks, type UserRow } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { fail } from '../../errors';
import { addSystemMessage } from '../../messages/system-messages';
import { addNotification } from '../../notifications/add';
import { type EventDeps, withEvents } from '../../realtime/with-events';
import { answer, creatorToSubscribe, startRun, type SubscribeResult, subscribeCodes } from '../subscribe';
import { recordPayment, subscriptionChat } from '../subscription-chat';
import { trialLinkRefusal, trialLinkStatus } from './trial-links';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What redeeming a trial link may be refused with. */
export const redeemTrialCodes = [
  ...subscribeCodes,
  'trial_link_not_found',
  'trial_link_expired',
  'trial_link_revoked',
  'trial_link_used_up',
  'trial_not_eligible',
] as const satisfies readonly ErrorCode[];

export interface RedeemTrial {
  code: string;
  send_id: string;
  renew: boolean;
  price?: number | undefined;
}

/**
 * Whether `fanId` may take a free trial from `creatorId`: only a fan who never subscribed to them (no
 * subscription row, which a run leaves behind when it ends). The one home of trial eligibility.
 */
async function assertFirstSubscription(tx: Tx, fanId: string, creatorId: string) {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.creatorId, creatorId)));
  if (row) throw fail('trial_not_eligible');
}

/**
 * Spends one use of a link: one conditional UPDATE, so a link is never used past its maximum however
 * many fans redeem it at once (and the CHECK of migration 0052 backs it). A link that could not be
 * used answers why.
 */
async function takeLink(tx: Tx, linkId: string, now: Date) {
  const [taken] = await tx
    .update(subscriptionTrialLinks)
    .set({ used: sql`${subscriptionTrialLinks.used} + 1` })
    .where(
      and(
        eq(subscriptionTrialLinks.id, linkId),
        isNull(subscriptionTrialLinks.revokedAt),
        gt(subscriptionTrialLinks.expiresAt, now),
        lt(subscriptionTrialLinks.used, subscriptionTrialLinks.maxUses),
      ),
    )
    .returning();
  if (taken) return taken;
  const [link] = await tx.select().from(subscriptionTrialLinks).where(eq(subscriptionTrialLinks.id, linkId));
  if (!link) throw fail('trial_link_not_found');
  const status = trialLinkStatus(link, now);
  throw trialLinkRefusal(status === 'active' ? 'used_up' : status);
}

/**
 * `POST /v1/subscriptions/trial`: a fan redeems a free-trial link, in one transaction between fan and
 * creator. They are subscribed free for the link's days; when the trial ends it renews at the monthly
 * price only if they turned renewal on, confirming that price (`price`), else it ends (a `canceled`
 * run). The send id is kept on the row: a retry answers the subscription as it is, before any check.
 */
export async function redeemTrial(
  deps: EventDeps & TriggerDeps,
  me: UserRow,
  body: RedeemTrial,
): Promise<SubscribeResult> {
  const [link] = await deps.db
    .select()
    .from(subscriptionTrialLinks)
    .where(eq(subscriptionTrialLinks.code, body.code));
  if (!link) throw fail('trial_link_not_found');
  let queued = false;
  const result = await withEvents(
    deps,
    async (tx, emit) => {
      const [stored] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.fanId, me.id), eq(subscriptions.sendId, body.send_id)));
      if (stored) {
        if (stored.trialLinkId !== link.id) throw fail('send_id_reused');
        return answer(tx, stored);
      }
      const creator = await creatorToSubscribe(tx, me, link.creatorId);
      await assertFirstSubscription(tx, me.id, creator.id);
      if (body.renew && body.price !== creator.subscriptionPrice)
        throw fail('total_changed', formatMoney(body.price ?? 0), formatMoney(creator.subscriptionPrice));
      const now = new Date();
      const taken = await takeLink(tx, link.id, now);
      const row = await startRun(tx, me, creator, body.send_id, now, {
        months: 1,
        periodMs: taken.trialDays * DAY_MS,
        paid: 0,
        trialLinkId: taken.id,
        renews: body.renew,
      });

      const chatId = await subscriptionChat(tx, me.id, creator);
      await recordPayment(tx, chatId, creator.id, 0, true);
      const started = { kind: 'trial_started', amount: creator.subscriptionPrice } as const;
      await addSystemMessage(
        tx,
        emit,
        chatId,
        { viewer: me.id, other: creator.id },
        'for_user_subscription',
        started,
      );
      await addSystemMessage(
        tx,
        emit,
        chatId,
        { viewer: creator.id, other: me.id },
        'for_model_subscription',
        started,
      );
      emit(me.id, {
        type: 'subscription_updated',
        model_id: creator.id,
        status: row.status === 'active' ? 'active' : 'canceled',
      });
      emit(creator.id, { type: 'subscription_offers_updated' });
      await addNotification(tx, emit, [creator.id], {
        kind: 'new_subscriber',
        actorId: me.id,
        amount: 0,
        chatId,
        url: `/chats/${me.id}`,
      });
      queued = await deps.autoMessages.fire(tx, 'new_subscriber', creator.id, me.id);
      return answer(tx, row);
    },
    { between: [me.id, link.creatorId] },
  );
  if (queued) deps.autoMessages.wake();
  return result;
}
