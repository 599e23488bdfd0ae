import { fail } from '../errors';
import type { MessageRow } from './message-dto';

/** What a send id stands for (docs/rules.md, "Idempotent sends"): everything the message row keeps. */
export type SendParams = Pick<
  MessageRow,
  | 'type'
  | 'chatId'
  | 'recipientId'
  | 'text'
  | 'gifUrl'
  | 'mediaId'
  | 'price'
  | 'selfDestruct'
  | 'parentMessageId'
>;

const keys: (keyof SendParams)[] = [
  'type',
  'chatId',
  'recipientId',
  'text',
  'gifUrl',
  'mediaId',
  'price',
  'selfDestruct',
  'parentMessageId',
];

/** A send id used before with other parameters: answering with the first message would hide the mistake. */
export const sendIdReused = () => fail('send_id_reused');

/** The first message for a send id, when the retry asks for the same one; a 409 otherwise. */
export function sameSend(first: MessageRow, params: SendParams): MessageRow {
  if (keys.some((k) => first[k] !== params[k])) throw sendIdReused();
  return first;
}
