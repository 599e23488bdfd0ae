import { randomUUID } from 'node:crypto';
import { type ErrorCode, formatMoney, type Subscription } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import { isBlockedEitherWay, userRow } from '../chats/chat-store';
import { assertNotFrozen, cannotChat, isGone } from '../chats/pair-rules';
import { subscriptions, type SubscriptionRow, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { creditsOf, isBalanceTooLow } from '../ledger/ledger';
import { notEnoughCredits } from '../messages/charges';
import { addSystemMessage } from '../messages/system-messages';
import type { TriggerDeps } from '../auto-messages/plugin';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import { addNotification } from '../notifications/add';
import { chargePeriod, type PeriodOffer } from './charge-period';
import { takePromotion } from './offers/promotion-rule';
import { type Months, optionFor } from './offers/subscribe-options';
import { isLive, PERIOD_MS } from './live';
import { recordPayment, subscriptionChat } from './subscription-chat';
import { toSubscriptionDto } from './subscription-dto';
import { isRestricted } from '../users/user-dto';
import type { Queryable, Tx } from '../db/transaction';

/** What subscribing may be refused with. */
export const subscribeCodes = [
  'already_subscribed',
  'send_id_reused',
  'own_subscription',
  'subscribe_not_allowed',
  'user_not_found',
  'creator_unavailable',
  'frozen',
  'chat_refused',
  'no_subscriptions',
  'not_enough_credits',
  'bundle_not_offered',
  'total_changed',
] as const satisfies readonly ErrorCode[];

export interface SubscribeResult {
  data: Subscription;
  credits: number;
}

/** A subscription as its start (or a retry of it) answers: the row and the fan's credits. */
export async function answer(tx: Tx, row: SubscriptionRow): Promise<SubscribeResult> {
  const [creator] = await tx
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, row.creatorId));
  if (!creator) throw new Error('subscribed creator vanished');
  return { data: toSubscriptionDto(row, creator), credits: await creditsOf(tx, row.fanId) };
}

/**
 * The creator `me` may subscribe to now, or the refusal: a fan, not themselves, a creator who takes
 * subscriptions and is not restricted, gone or blocked either way, and no live subscription already.
 * The one home of these checks: subscribing in credits and a card payment that will subscribe ask here.
 */
export async function creatorToSubscribe(
  db: Queryable,
  me: UserRow,
  creatorId: string | null,
): Promise<UserRow> {
  if (creatorId === me.id) throw fail('own_subscription');
  if (me.type !== 'user') throw fail('subscribe_not_allowed');
  const creator = creatorId ? await userRow(db, creatorId) : undefined;
  if (!creator || creator.type !== 'featured' || isGone(creator)) throw fail('user_not_found');
  if (isRestricted(creator)) throw fail('creator_unavailable');
  assertNotFrozen(me);
  if (await isBlockedEitherWay(db, me.id, creator.id)) throw cannotChat();
  if (creator.subscriptionPrice === 0) throw fail('no_subscriptions');
  const [current] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, me.id), eq(subscriptions.creatorId, creator.id)));
  if (current && isLive(current, new Date())) throw fail('already_subscribed');
  return creator;
}

/** How a run starts: its first period's length, what it cost and the trial link behind it, if any. */
export interface RunStart {
  months: Months;
  periodMs: number;
  paid: number;
  trialLinkId: string | null;
  /** False for a trial whose renewal the fan did not confirm: it ends with the trial. */
  renews: boolean;
}

/** Starts the pair's subscription, or restarts an expired one with its period count continuing. */
export async function startRun(
  tx: Tx,
  me: UserRow,
  creator: UserRow,
  sendId: string,
  now: Date,
  how: RunStart,
) {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, me.id), eq(subscriptions.creatorId, creator.id)));
  const run = {
    status: how.renews ? ('active' as const) : ('canceled' as const),
    price: creator.subscriptionPrice,
    months: how.months,
    periodPaid: how.paid,
    trialLinkId: how.trialLinkId,
    currentPeriodEnd: new Date(now.getTime() + how.periodMs),
    canceledAt: how.renews ? null : now,
    sendId,
    createdAt: now,
    updatedAt: now,
  };
  const [row] = current
    ? await tx
        .update(subscriptions)
        .set({ ...run, period: current.period + 1 })
        .where(eq(subscriptions.id, current.id))
        .returning()
    : await tx
        .insert(subscriptions)
        .values({ ...run, id: randomUUID(), fanId: me.id, creatorId: creator.id, period: 1 })
        .returning();
  if (!row) throw new Error('subscription write returned nothing');
  return row;
}

/** What the fan chose on the confirm sheet: the months, and the total in credits they saw. */
export interface SubscribeChoice {
  months: Months;
  total?: number;
}

/**
 * Subscribes in the caller's transaction, which holds the fan's and creator's rows: the checks of
 * `creatorToSubscribe`, the price of the chosen option (a month, a promotion's month or a bundle,
 * `optionFor`), the subscription row, the first period's charge, and a system message to each in
 * their chat. A total the fan confirmed that is not the price now is refused, as is, for a card
 * payment, a price above `atMost`, the one the fan agreed to earlier.
 */
export async function subscribeIn(
  tx: Tx,
  emit: Emit,
  me: UserRow,
  creatorId: string | null,
  sendId: string,
  atMost?: number,
  choice: SubscribeChoice = { months: 1 },
): Promise<SubscribeResult> {
  const creator = await creatorToSubscribe(tx, me, creatorId);
  const now = new Date();
  const { option, promotion } = await optionFor(tx, me.id, creator, choice.months, now);
  if (atMost !== undefined && option.total > atMost)
    throw fail('price_changed', formatMoney(atMost), formatMoney(option.total));
  if (choice.total !== undefined && choice.total !== option.total)
    throw fail('total_changed', formatMoney(choice.total), formatMoney(option.total));
  const balance = await creditsOf(tx, me.id);
  if (balance < option.total) throw fail('not_enough_credits', balance);
  // A promotion used up or ended since it was read: the fan confirmed a price that is gone.
  if (promotion && !(await takePromotion(tx, promotion.id, now)))
    throw fail('total_changed', formatMoney(option.total), formatMoney(creator.subscriptionPrice));
  const row = await startRun(tx, me, creator, sendId, now, {
    months: option.months,
    periodMs: option.months * PERIOD_MS,
    paid: option.total,
    trialLinkId: null,
    renews: true,
  });
  const offer: PeriodOffer | null = promotion
    ? { promotion_id: promotion.id, percent_off: promotion.percentOff }
    : option.months > 1
      ? { months: option.months, percent_off: option.percent_off }
      : null;
  await chargePeriod(tx, row, row.period, { offer });

  const chatId = await subscriptionChat(tx, me.id, creator);
  await recordPayment(tx, chatId, creator.id, row.periodPaid, true);
  // Each side's screen words the line with the other's name (docs/rules.md, Money on screen).
  const subscribed = { kind: offer ? 'subscribed_offer' : 'subscribed', amount: row.periodPaid } as const;
  const fan = { viewer: me.id, other: creator.id };
  const model = { viewer: creator.id, other: me.id };
  await addSystemMessage(tx, emit, chatId, fan, 'for_user_subscription', subscribed);
  await addSystemMessage(tx, emit, chatId, model, 'for_model_subscription', subscribed);
  emit(me.id, { type: 'credits_update', credits: balance - row.periodPaid, amount: -row.periodPaid });
  emit(me.id, { type: 'subscription_updated', model_id: creator.id, status: 'active' });
  await addNotification(tx, emit, [creator.id], {
    kind: 'new_subscriber',
    actorId: me.id,
    amount: row.periodPaid,
    chatId,
    url: `/chats/${me.id}`,
  });
  return answer(tx, row);
}

/**
 * `POST /v1/subscriptions`: a fan subscribes to a creator for a month or a bundle's months, in one
 * transaction between the two (their rows locked in id order, so concurrent attempts queue): the
 * subscription row, the first period's charge, and a system message to each in their chat. The send
 * id is kept on the row; a retry answers the subscription as it is, before any other check.
 */
export async function subscribe(
  deps: EventDeps & TriggerDeps,
  me: UserRow,
  modelId: string,
  sendId: string,
  choice: SubscribeChoice = { months: 1 },
): Promise<SubscribeResult> {
  const creatorId = isUuid(modelId) ? modelId : null;
  let result: SubscribeResult;
  let queued = false;
  // The subscription (or a retry's answer) and its trigger's job commit together.
  const fired = async (tx: Tx, answered: SubscribeResult) => {
    queued = await deps.autoMessages.fire(tx, 'new_subscriber', modelId, me.id);
    return answered;
  };
  try {
    result = await withEvents(
      deps,
      async (tx, emit) => {
        const [stored] = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.fanId, me.id), eq(subscriptions.sendId, sendId)));
        if (stored) {
          if (stored.creatorId !== creatorId) throw fail('send_id_reused');
          return fired(tx, await answer(tx, stored));
        }
        return fired(tx, await subscribeIn(tx, emit, me, creatorId, sendId, undefined, choice));
      },
      { between: creatorId ? [me.id, creatorId] : [me.id] },
    );
  } catch (err) {
    // A debit elsewhere that took no user lock raced past the balance read: the CHECK refused it.
    if (isBalanceTooLow(err)) throw await notEnoughCredits(deps.db, me.id);
    throw err;
  }
  if (queued) deps.autoMessages.wake();
  return result;
}
