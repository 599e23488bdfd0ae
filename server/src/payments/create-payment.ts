import type { ErrorCode, PaymentBody, PaymentResponse, PaymentType } from '@cove/contracts';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { chatForMember, isBlockedEitherWay, userRow } from '../chats/chat-store';
import { messages, payments, purchases, savedCards, type UserRow } from '../db/schema';
import { fail, tooManyRequests, waitText } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { providerConfigFor } from '../provider/provider-config';
import { isRestricted } from '../users/user-dto';
import { postForSale } from '../feed/buy-post';
import { creatorToTip } from '../feed/tip-post';
import { isUuid } from '../ids';
import { creatorToSubscribe } from '../subscriptions/subscribe';
import { applyProviderEvent } from './apply-event';
import { receiveProviderEvent } from './receive-event';
import type { FinishDeps } from './finish-action';
import { CENTS_PER_CREDIT, packageOf } from './packages';
import { cardAnswerFor, cardRequest, cryptoRequest, paymentByKey, sameRequest } from './payment-key';
import type { PaymentProvider } from './provider';
import { returnPathOf, withPaymentId } from './return-path';

/**
 * What a card payment may be refused with: what it is for (a message, a post, a subscription, a tip in
 * a chat or on a post), the package, the card, the decline limit and the provider's decline.
 */
export const cardPaymentCodes = [
  'not_found',
  'not_for_sale',
  'already_purchased',
  'tip_not_allowed',
  'post_not_for_sale',
  'audience_required',
  'already_unlocked',
  'own_subscription',
  'subscribe_not_allowed',
  'user_not_found',
  'frozen',
  'chat_refused',
  'no_subscriptions',
  'already_subscribed',
  'blocked',
  'creator_unavailable',
  'bad_request',
  'bad_package',
  'card_invalid',
  'card_declined',
  'insufficient_funds',
  'card_expired',
  'card_token_used',
  'three_ds_failed',
  'payment_failed',
  'payments_limited',
  'idempotency_reused',
] as const satisfies readonly ErrorCode[];

/** What a crypto top-up may be refused with. */
export const cryptoPaymentCodes = [
  'bad_package',
  'crypto_not_allowed',
  'idempotency_reused',
] as const satisfies readonly ErrorCode[];

export interface PaymentDeps extends FinishDeps {
  provider: PaymentProvider;
  declinesPerHour: number;
  /** The site's origin (`PUBLIC_URL`): the provider's pages send the browser back only there. */
  siteOrigin: string;
}

interface Context {
  paymentType: PaymentType;
  modelId: string | null;
  chatId: string | null;
  messageId: number | null;
  feedId: string | null;
  tip: number | null;
  tipNote: string | null;
  actionPrice: number | null;
}

const none = { chatId: null, messageId: null, feedId: null, tip: null, tipNote: null, actionPrice: null };

/**
 * What the payment is for, checked as the route that does it would check it, before any money moves
 * (the same checks run again when the money lands: docs/rules.md, What a payment finishes).
 */
async function contextOf(deps: PaymentDeps, me: UserRow, body: PaymentBody): Promise<Context> {
  const intents = [body.message_id, body.feed_id, body.tip, body.subscribe, body.tip_post].filter(
    Boolean,
  ).length;
  if (intents > 1)
    throw fail(
      'bad_request',
      'A payment finishes one thing: give one of message_id, feed_id, tip, tip_post or subscribe.',
    );
  if (body.tip_post) {
    const { feed_id: postId, amount, message } = body.tip_post;
    return {
      ...none,
      paymentType: 'post_tip',
      modelId: await creatorToTip(deps.db, me, postId),
      feedId: postId,
      tip: amount,
      tipNote: message || null,
    };
  }
  if (body.feed_id) {
    const post = await postForSale(deps.db, me, body.feed_id);
    return {
      ...none,
      paymentType: 'post',
      modelId: post.creatorId,
      feedId: post.postId,
      actionPrice: post.price,
    };
  }
  if (body.subscribe) {
    const creator = await creatorToSubscribe(
      deps.db,
      me,
      body.model_id && isUuid(body.model_id) ? body.model_id : null,
    );
    return {
      ...none,
      paymentType: 'subscription',
      modelId: creator.id,
      actionPrice: creator.subscriptionPrice,
    };
  }
  if (body.message_id) {
    const id = /^\d{1,15}$/.test(body.message_id) ? Number(body.message_id) : null;
    const [m] = id === null ? [] : await deps.db.select().from(messages).where(eq(messages.id, id));
    if (!m || m.recipientId !== me.id || m.deletedAt) throw fail('not_found', 'Message');
    if (m.price <= 0) throw fail('not_for_sale');
    const [bought] = await deps.db
      .select({ at: purchases.createdAt })
      .from(purchases)
      .where(and(eq(purchases.messageId, m.id), eq(purchases.buyerId, me.id)));
    if (bought) throw fail('already_purchased');
    return { ...none, paymentType: 'message', modelId: m.senderId, chatId: m.chatId, messageId: m.id };
  }
  if (body.chat_id) {
    const { other } = await chatForMember(deps.db, body.chat_id, me.id);
    const tip = body.tip ?? null;
    return {
      ...none,
      paymentType: tip ? 'tip' : 'credits',
      modelId: other.userId,
      chatId: body.chat_id,
      tip,
    };
  }
  if (body.tip) throw fail('bad_request', 'A tip needs the chat_id of the chat it goes to.');
  const model = body.model_id ? await userRow(deps.db, body.model_id) : undefined;
  return { ...none, paymentType: 'credits', modelId: model?.id ?? null };
}

/**
 * Stolen cards are tried in bulk through a site's payment form: after `declinesPerHour` declined card
 * payments in an hour an account waits until the oldest is an hour old (docs/rules.md).
 */
async function refuseCardTesting(deps: PaymentDeps, userId: string) {
  const [row] = await deps.db
    .select({ n: count(), oldest: min(payments.createdAt) })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'card'),
        eq(payments.status, 'failed'),
        gt(payments.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if (!row || row.n < deps.declinesPerHour || !row.oldest) return;
  const seconds = (row.oldest.getTime() + 3_600_000 - Date.now()) / 1000;
  throw tooManyRequests(seconds, 'payments_limited', waitText(seconds));
}

/**
 * `POST /v1/payment`: a credit package by card. The provider answers at once (succeeded, declined) or
 * asks for 3-D Secure on its page; money moves only through `applyProviderEvent`, from the provider's
 * own answer or its signed webhook, and what the payment was for is finished right after.
 * `creatorAvailable` refuses a payment for a creator's message or a tip to them (the region rule).
 */
export async function payByCard(
  deps: PaymentDeps,
  me: UserRow,
  body: PaymentBody,
  creatorAvailable: (creatorId: string) => Promise<void>,
): Promise<PaymentResponse> {
  const pkg = packageOf(body.amount);
  if (!pkg) throw fail('bad_package');
  const successPath = returnPathOf('success_url', body.success_url, deps.siteOrigin);
  const failPath = returnPathOf('fail_url', body.fail_url, deps.siteOrigin);
  const request = cardRequest(body);
  const earlier = await paymentByKey(deps.db, me.id, body.idempotency_key);
  if (earlier) return cardAnswerFor(deps.db, earlier, request);
  await refuseCardTesting(deps, me.id);
  const ctx = await contextOf(deps, me, body);
  if (ctx.paymentType !== 'credits' && ctx.modelId) await creatorAvailable(ctx.modelId);
  // A block either way stops a tip or unlock before the card is charged, as it stops one in credits.
  if (ctx.paymentType !== 'credits' && ctx.modelId && (await isBlockedEitherWay(deps.db, me.id, ctx.modelId)))
    throw fail('blocked');
  // A tip the creator could not take is refused before the card is charged (docs/rules.md, Restricted creators).
  if ((ctx.paymentType === 'tip' || ctx.paymentType === 'post_tip') && ctx.modelId) {
    const creator = await userRow(deps.db, ctx.modelId);
    if (creator && isRestricted(creator)) throw fail('creator_unavailable');
  }
  let card: { token: string } | { savedRef: string };
  let cardId: string | null = null;
  if (body.card_id) {
    const [saved] = /^[0-9a-f-]{36}$/i.test(body.card_id)
      ? await deps.db
          .select()
          .from(savedCards)
          .where(
            and(
              eq(savedCards.id, body.card_id),
              eq(savedCards.userId, me.id),
              eq(savedCards.provider, deps.provider.name),
            ),
          )
      : [];
    if (!saved) throw fail('not_found', 'Card');
    card = { savedRef: saved.providerRef };
    cardId = saved.id;
  } else card = { token: body.card_token ?? '' };

  const [p] = await deps.db
    .insert(payments)
    .values({
      userId: me.id,
      provider: deps.provider.name,
      method: 'card',
      idempotencyKey: body.idempotency_key,
      request,
      amount: pkg.amount,
      packageBonus: pkg.bonus,
      ...ctx,
      cardId,
      saveCard: body.save_card && !cardId,
    })
    .onConflictDoNothing()
    .returning();
  if (!p) {
    const raced = await paymentByKey(deps.db, me.id, body.idempotency_key);
    if (!raced) throw new Error('payment vanished after its key conflicted');
    return cardAnswerFor(deps.db, raced, request);
  }

  const outcome = await deps.provider.createCardPayment({
    paymentId: p.id,
    amountCents: pkg.amount * CENTS_PER_CREDIT,
    card,
    saveCard: p.saveCard,
    returnUrl: withPaymentId(successPath, p.id),
    failUrl: withPaymentId(failPath, p.id),
    browserInfo: body.browser_info,
  });
  const sync = { id: `sync:${p.id}`, paymentId: p.id, providerPaymentId: outcome.providerPaymentId };
  switch (outcome.status) {
    case 'succeeded':
      await receiveProviderEvent(deps, deps.provider.name, {
        ...sync,
        type: 'payment.succeeded',
        card: outcome.card,
      });
      return {
        three_ds: false,
        redirect_url: null,
        result: 'success',
        payment_id: p.id,
        credits: await creditsOf(deps.db, me.id),
      };
    case 'requires_action':
      await deps.db
        .update(payments)
        .set({ providerPaymentId: outcome.providerPaymentId, redirectUrl: outcome.redirectUrl })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
      return {
        three_ds: true,
        redirect_url: outcome.redirectUrl,
        result: 'pending',
        payment_id: p.id,
        credits: null,
      };
    case 'failed':
      await applyProviderEvent(deps, deps.provider.name, {
        ...sync,
        type: 'payment.failed',
        reason: outcome.reason,
      });
      throw fail(outcome.reason);
  }
}

/** `POST /v1/payment/crypto`: a package paid on the provider's crypto invoice page; credits follow by webhook. */
export async function payByCrypto(deps: PaymentDeps, me: UserRow, amount: number, key: string) {
  const pkg = packageOf(amount);
  if (!pkg) throw fail('bad_package');
  const { features } = await providerConfigFor(deps.db, me);
  if (!features.crypto_payment) throw fail('crypto_not_allowed');
  const request = cryptoRequest(amount);
  const earlier = await paymentByKey(deps.db, me.id, key);
  if (earlier) {
    sameRequest(earlier, request);
    return { redirect_url: earlier.redirectUrl ?? '/account/get-credits', payment_id: earlier.id };
  }
  const [p] = await deps.db
    .insert(payments)
    .values({
      userId: me.id,
      provider: deps.provider.name,
      method: 'crypto',
      idempotencyKey: key,
      request,
      amount: pkg.amount,
      packageBonus: pkg.bonus,
      paymentType: 'credits',
    })
    .onConflictDoNothing()
    .returning();
  if (!p) return payByCrypto(deps, me, amount, key);
  const invoice = await deps.provider.createCryptoPayment({
    paymentId: p.id,
    amountCents: pkg.amount * CENTS_PER_CREDIT,
    returnUrl: '/account/get-credits',
  });
  await deps.db
    .update(payments)
    .set({ providerPaymentId: invoice.providerPaymentId, redirectUrl: invoice.redirectUrl })
    .where(eq(payments.id, p.id));
  return { redirect_url: invoice.redirectUrl, payment_id: p.id };
}
