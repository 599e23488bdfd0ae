import type { PutAutoMessagesBody } from '@cove/contracts';
import { and, asc, eq, like } from 'drizzle-orm';
import { messages } from '../../src/db/schema';
import type { Party } from '../helpers/chats';
import { eventually } from '../helpers/payments';
import type { TestApp } from '../helpers/test-app';

/** `PUT /v1/auto-messages` as this person. */
export const putAuto = (t: TestApp, who: Party, body: PutAutoMessagesBody | object) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/auto-messages',
    headers: { 'access-token': who.token },
    payload: body,
  });

export const textMessage = (text: string, price = 0) => ({ type: 'text' as const, text, price });

/** The auto-messages a creator has written to a fan, oldest first. */
export async function autoMessagesTo(t: TestApp, creator: Party, fan: Party) {
  return t.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.senderId, creator.user.id),
        eq(messages.recipientId, fan.user.id),
        like(messages.sendId, 'auto:%'),
      ),
    )
    .orderBy(asc(messages.id));
}

/** Waits until the fan has `count` auto-messages from the creator (the job runs a moment later). */
export const awaitAutoMessages = (t: TestApp, creator: Party, fan: Party, count: number) =>
  eventually(
    () => autoMessagesTo(t, creator, fan),
    (rows) => rows.length >= count,
  );

/** Gives the queue a moment to run anything wrongly queued before asserting nothing more came. */
export const settle = (ms = 2500) => new Promise((r) => setTimeout(r, ms));
