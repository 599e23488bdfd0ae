import type { HistoryRow } from '@cove/contracts';
import { randomUUID } from 'node:crypto';
import { runAdminCommand } from '../../src/admin/commands';
import { renewDue } from '../../src/subscriptions/renew';
import { fanAndCreator, grantCredits, type Party, text } from '../helpers/chats';
import { CARDS, eventually, payWithCard } from '../helpers/payments';
import type { TestApp } from '../helpers/test-app';
import { post } from '../feed/world';
import { subscriptionOf } from '../subscriptions/helpers';

const ok = async <R extends { statusCode: number; body: string }>(res: Promise<R>, what: string) => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r;
};

const providerId = (paymentId: string) => `pi_${paymentId.replaceAll('-', '')}`;

/** Every page of `GET /v1/history` the caller can read, following `next`. */
export async function allRows(party: Party, query = ''): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  let url: string | null = `/v1/history?limit=5${query}`;
  while (url) {
    const res = await party.api.get(url);
    if (res.statusCode !== 200) throw new Error(`history: ${res.statusCode} ${res.body}`);
    const page = res.json() as { data: HistoryRow[]; next: string | null };
    rows.push(...page.data);
    url = page.next;
  }
  return rows;
}

/**
 * A fan whose ledger holds every kind of history row, made through the real paths: a card purchase,
 * a paid message, a chat unlock, a tip, a post unlock, a subscription and its renewal, a refund, a
 * chargeback (which takes back the unlock it paid for), credits from support, and a movement of a
 * reason the history does not know.
 */
export async function mixedHistory(t: TestApp) {
  const { fan, creator, chatId } = await fanAndCreator(t, { rate: 10, creator: { subscriptionPrice: 100 } });
  const sandbox = t.app.payments.sandbox;
  if (!sandbox) throw new Error('the sandbox provider is not in use');

  const bought = (await ok(payWithCard(t.app, fan.api, CARDS.visa, { amount: 500 }), 'pay')).json();
  await ok(fan.api.post('/v1/messages', text(creator.user.id, 'hello there')), 'paid message');
  const locked = await ok(
    creator.api.post('/v1/messages', text(fan.user.id, 'A song', { price: 60 })),
    'ppv',
  );
  await ok(fan.api.patch(`/v1/messages/${locked.json().data._id}/buy`), 'unlock');
  await ok(fan.api.post('/v1/messages/tip', { chat_id: chatId, amount: 25, send_id: randomUUID() }), 'tip');
  const item = await post(creator, { type: 'text', text: 'paid words', price: 30 });
  await ok(fan.api.patch(`/v1/feed/${item._id}/buy`), 'post unlock');
  await ok(
    fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: randomUUID() }),
    'subscribe',
  );
  const sub = await subscriptionOf(t, fan, creator);
  await renewDue({ db: t.db, realtime: t.app.realtime }, new Date(sub.currentPeriodEnd.getTime() + 60_000));

  const refunded = (await ok(payWithCard(t.app, fan.api, CARDS.master), 'pay again')).json();
  await sandbox.refund(providerId(refunded.payment_id as string));
  await eventually(
    () => fan.api.get(`/v1/payment/${refunded.payment_id}`),
    (r) => r.json().data.status === 'refunded',
  );

  const song = await ok(
    creator.api.post('/v1/messages', text(fan.user.id, 'Another', { price: 60 })),
    'ppv 2',
  );
  const disputed = (
    await ok(payWithCard(t.app, fan.api, CARDS.visa, { message_id: song.json().data._id }), 'pay to unlock')
  ).json();
  await eventually(
    () => fan.api.get(`/v1/payment/${disputed.payment_id}`),
    (r) => r.json().data.action_status === 'done',
  );
  await sandbox.dispute(providerId(disputed.payment_id as string));
  await eventually(
    () => fan.api.get(`/v1/payment/${disputed.payment_id}`),
    (r) => r.json().data.status === 'charged_back',
  );

  await runAdminCommand(t.db, t.app.realtime, {
    actor: 'ops@test',
    command: 'grant-credits',
    email: fan.user.email,
    args: ['40'],
  });
  await grantCredits(t.db, fan.user.id, 15);
  // Last, she blocks him: what is left of his subscription's period comes back to him.
  await ok(creator.api.post(`/v1/users/${fan.user.id}/block`), 'block');
  return {
    fan,
    creator,
    chatId,
    postId: item._id,
    lockedId: String(locked.json().data._id),
    songId: String(song.json().data._id),
    refundedId: refunded.payment_id as string,
    disputedId: disputed.payment_id as string,
    boughtId: bought.payment_id as string,
  };
}
