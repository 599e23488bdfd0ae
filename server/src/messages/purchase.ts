import { sql } from 'drizzle-orm';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { type MediaContext, mediaForMessages } from '../media';
import type { EventDeps } from '../realtime/with-events';
import { CREATOR_SHARE } from './charges';
import { callBetween, type LoggedRow, notifyLogged } from './db-call';
import { messageFromJson, toMessageDto } from './message-dto';
import { SELF_DESTRUCT_MS } from './read';
import type { ErrorCode } from '@cove/contracts';
import type { PurchaseDeps } from '../auto-messages/plugin';

/** What buying a paid message may be refused with. */
export const buyMessageCodes = [
  'not_found',
  'not_for_sale',
  'already_purchased',
  'blocked',
  'not_enough_credits',
] as const satisfies readonly ErrorCode[];

/** What the `buy_message` function of migration 0012 answers; `message` is the bought row. */
type BuyOutcome =
  | { status: 'bought'; message: Record<string, unknown>; credits: number; events: LoggedRow[] }
  | { status: 'refused'; code: string; credits?: number };

function refusalError(outcome: Extract<BuyOutcome, { status: 'refused' }>) {
  switch (outcome.code) {
    case 'not_found':
      return fail('not_found', 'Message');
    case 'not_for_sale':
    case 'already_purchased':
    case 'blocked':
      return fail(outcome.code);
    case 'not_enough_credits':
      return fail('not_enough_credits', Number(outcome.credits ?? 0));
    default:
      throw new Error(`buy_message refused with an unknown code: ${outcome.code}`);
  }
}

/**
 * Buys a paid message for its recipient, exactly once, in one database call (`buy_message`,
 * migration 0012): the purchase row's primary key admits one buy per (message, buyer), and the
 * charge commits with it or not at all.
 */
export async function buyMessage(
  deps: EventDeps & PurchaseDeps & { media: MediaContext },
  me: UserRow,
  messageId: number,
) {
  const outcome = await callBetween<BuyOutcome>(
    deps.db,
    me.id,
    sql`select buy_message(${me.id}, ${messageId}, ${CREATOR_SHARE}, ${SELF_DESTRUCT_MS}) as outcome`,
  );
  if (outcome.status === 'refused') throw refusalError(outcome);
  await notifyLogged(deps.realtime, outcome.events);
  const bought = messageFromJson(outcome.message);
  await deps.autoMessages.purchased(me.id, bought.senderId, { kind: 'unlock', messageId });
  const [media] = await mediaForMessages(deps.media, me.id, [
    { mediaId: bought.mediaId, access: { paid: true, bought: true, isSender: false } },
  ]);
  return { data: toMessageDto(bought, me.id, true, media ?? null), credits: Number(outcome.credits) };
}
