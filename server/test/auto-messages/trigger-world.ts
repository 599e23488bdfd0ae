import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { type Party, person, text } from '../helpers/chats';
import type { TestApp } from '../helpers/test-app';
import { putAuto } from './helpers';

/** A creator (10 credits a message, 50 a month) with these auto-messages in one category. */
export async function creatorWith(t: TestApp, category: string, messages: object[], extra: object = {}) {
  const creator = await person(t, { type: 'featured', creditRate: 10, subscriptionPrice: 50 });
  const res = await putAuto(t, creator, { category, auto_messages: messages, ...extra });
  if (res.statusCode !== 200) throw new Error(`auto-messages not saved: ${res.body}`);
  return creator;
}

export const fan = (t: TestApp) => person(t, { type: 'user' });
export const openChat = (who: Party, creator: Party) =>
  who.api.post('/v1/chat', { recipient_id: creator.user.id });
export const follow = (who: Party, creator: Party) => who.api.patch(`/v1/users/${creator.user.id}/follow`);

/** A paid message from the creator to the fan; answers its id. */
export async function paidMessage(creator: Party, someone: Party, words = 'A secret song', price = 60) {
  const sent = await creator.api.post('/v1/messages', text(someone.user.id, words, { price }));
  if (sent.statusCode !== 200) throw new Error(`paid message refused: ${sent.body}`);
  return sent.json().data._id as string;
}

/** The fan unlocks a paid message with credits. */
export const buy = (someone: Party, messageId: string) => someone.api.patch(`/v1/messages/${messageId}/buy`);

/** The pg-boss jobs of one (creator, fan, category) delivery. */
export async function jobsOf(t: TestApp, creator: Party, who: Party, category: string) {
  return rowsOf<{ id: string; state: string; delay_s: number }>(
    await t.db.execute(sql`select id, state, extract(epoch from start_after - created_on)::int as delay_s
      from pgboss.job where name = 'auto-messages'
      and singleton_key = ${`${creator.user.id}:${who.user.id}:${category}`}`),
  );
}
