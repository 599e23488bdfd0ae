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
import { chargePeriod } from './charge-period';
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
] as const satisfies readonly ErrorCode[];

export interface SubscribeResult {
  data: Subscription;
  credits: number;
}

async function answer(tx: Tx, row: SubscriptionRow): Promise<SubscribeResult> {
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

/** Starts the pair's subscription, or restarts an expired one with its period count continuing. */
async function start(tx: Tx, me: UserRow, creator: UserRow, sendId: string, now: Date) {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, me.id), eq(subscriptions.creatorId, creator.id)));
  const run = {
    status: 'active' as const,
    price: creator.subscriptionPrice,
    currentPeriodEnd: new Date(now.getTime() + PERIOD_MS),
    canceledAt: null,
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

/**
 * Subscribes in the caller's transaction, which holds the fan's and creator's rows: the checks of
 * `creatorToSubscribe`, the subscription row, the first period's charge, and a system message to each
 * in their chat. `atMost`: a price the fan agreed to earlier (a card payment's), which the creator's
 * price must not exceed now.
 */
export async function subscribeIn(
  tx: Tx,
  emit: Emit,
  me: UserRow,
  creatorId: string | null,
  sendId: string,
  atMost?: number,
): Promise<SubscribeResult> {
  const creator = await creatorToSubscribe(tx, me, creatorId);
  if (atMost !== undefined && creator.subscriptionPrice > atMost)
    throw fail('price_changed', formatMoney(atMost), formatMoney(creator.subscriptionPrice));
  const balance = await creditsOf(tx, me.id);
  if (balance < creator.subscriptionPrice) throw fail('not_enough_credits', balance);
  const row = await start(tx, me, creator, sendId, new Date());
  await chargePeriod(tx, row, row.period);

  const chatId = await subscriptionChat(tx, me.id, creator);
  await recordPayment(tx, chatId, creator.id, row.price, true);
  // Each side's screen words the line with the other's name (docs/rules.md, Money on screen).
  const subscribed = { kind: 'subscribed', amount: row.price } as const;
  const fan = { viewer: me.id, other: creator.id };
  const model = { viewer: creator.id, other: me.id };
  await addSystemMessage(tx, emit, chatId, fan, 'for_user_subscription', subscribed);
  await addSystemMessage(tx, emit, chatId, model, 'for_model_subscription', subscribed);
  emit(me.id, { type: 'credits_update', credits: balance - row.price, amount: -row.price });
  emit(me.id, { type: 'subscription_updated', model_id: creator.id, status: 'active' });
  await addNotification(tx, emit, [creator.id], {
    kind: 'new_subscriber',
    actorId: me.id,
    amount: row.price,
    chatId,
    url: `/chats/${me.id}`,
  });
  return answer(tx, row);
}

/**
 * `POST /v1/subscriptions`: a fan subscribes to a creator for a month at the creator's price, in one
 * transaction between the two (their rows locked in id order, so concurrent attempts queue): the
 * subscription row, the first period's charge, and a system message to each in their chat. The send
 * id is kept on the row; a retry answers the subscription as it is, before any other check.
 */
export async function subscribe(
  deps: EventDeps & TriggerDeps,
  me: UserRow,
  modelId: string,
  sendId: string,
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
        return fired(tx, await subscribeIn(tx, emit, me, creatorId, sendId));
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
