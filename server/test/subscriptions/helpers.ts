import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages, subscriptions } from '../../src/db/schema';
import { grantCredits, type Party, person } from '../helpers/chats';
import type { TestApp } from '../helpers/test-app';

/** A fan with `credits` and a creator asking `price` a month. */
export async function fanAndCreator(t: TestApp, credits: number, price = 100) {
  const fan = await person(t, { type: 'user' });
  const creator = await person(t, { type: 'featured', subscriptionPrice: price });
  if (credits > 0) await grantCredits(t.db, fan.user.id, credits);
  return { fan, creator };
}

export const subscribeTo = (fan: Party, creator: Party, sendId: string = randomUUID()) =>
  fan.api.post('/v1/subscriptions', { model_id: creator.user.id, send_id: sendId });

export async function subscriptionOf(t: TestApp, fan: Party, creator: Party) {
  const [row] = await t.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, fan.user.id), eq(subscriptions.creatorId, creator.user.id)));
  if (!row) throw new Error('no subscription');
  return row;
}

/** The system messages of a chat, oldest first, as (viewer, type, text). */
export async function systemMessages(t: TestApp, chatId: string) {
  const rows = await t.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(messages.id);
  return rows
    .filter((m) => m.system)
    .map((m) => ({ viewer: m.visibleTo, type: m.type, text: m.text, notice: m.notice }));
}
