import { sql } from 'drizzle-orm';
import * as z from '../zod';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import type { MediaContext } from '../media';
import type { EventDeps } from '../realtime/with-events';
import { CREATOR_SHARE } from './charges';
import { callBetween, loggedRow, messageJson, notifyLogged, shortOfCredits } from './db-call';
import { toDtos } from './list-messages';
import { messageFromJson } from './message-dto';
import { SELF_DESTRUCT_MS } from './read';
import type { ErrorCode } from '@cove/contracts';
import { assertNotFrozen } from '../chats/pair-rules';
import type { CallPurchaseDeps } from '../auto-messages/plugin';

/** What buying a paid message may be refused with. */
export const buyMessageCodes = [
  'not_found',
  'not_for_sale',
  'already_purchased',
  'blocked',
  'not_enough_credits',
  'frozen',
] as const satisfies readonly ErrorCode[];

/** Every answer of `buy_message` (src/db/functions/messages); `message` is the bought row. */
export const buyOutcome = z.union([
  z.object({
    status: z.literal('bought'),
    message: messageJson,
    credits: z.number(),
    events: z.array(loggedRow),
  }),
  z.object({
    status: z.literal('refused'),
    code: z.enum(['not_found', 'not_for_sale', 'already_purchased', 'blocked']),
  }),
  shortOfCredits,
]);

/** The call of `buy_message` for a buyer and a message, paid in credits or by a card payment. */
export const buyCall = (buyerId: string, messageId: number) =>
  sql`select buy_message(${buyerId}, ${messageId}, ${CREATOR_SHARE}, ${SELF_DESTRUCT_MS}) as outcome`;

function refusalError(outcome: Extract<z.infer<typeof buyOutcome>, { status: 'refused' }>) {
  switch (outcome.code) {
    case 'not_found':
      return fail('not_found', 'Message');
    case 'not_enough_credits':
      return fail('not_enough_credits', outcome.credits);
    default:
      return fail(outcome.code);
  }
}

/**
 * Buys a paid message for its recipient, exactly once, in one database call (`buy_message`,
 * src/db/functions/messages), which makes every check: the purchase row's primary key admits one buy
 * per (message, buyer), and the charge commits with it or not at all.
 */
export async function buyMessage(
  deps: EventDeps & CallPurchaseDeps & { media: MediaContext },
  me: UserRow,
  messageId: number,
) {
  assertNotFrozen(me);
  let queued = false;
  const thank = await deps.autoMessages.mayThank(
    me.id,
    sql`(select sender_id from messages where id = ${messageId})`,
  );
  const outcome = await callBetween(
    deps.db,
    me.id,
    buyCall(me.id, messageId),
    buyOutcome,
    'buy_message',
    thank
      ? async (tx, answer) => {
          if (answer.status !== 'bought') return;
          const { senderId } = messageFromJson(answer.message);
          queued = await deps.autoMessages.purchased(tx, me.id, senderId, { kind: 'unlock', messageId });
        }
      : undefined,
  );
  if (outcome.status === 'refused') throw refusalError(outcome);
  if (queued) deps.autoMessages.wake();
  await notifyLogged(deps.realtime, outcome.events);
  const bought = messageFromJson(outcome.message);
  const [data] = await toDtos(deps.media, me.id, [bought]);
  if (!data) throw new Error('bought message has no view');
  return { data, credits: outcome.credits };
}
