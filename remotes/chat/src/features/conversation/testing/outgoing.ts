import type { MessageDraft, Outgoing } from '../model/message-delivery';

/** A text on its way to u-2 in chat c-u-2, not sent yet. */
export const anOutgoing = (draft: Partial<MessageDraft> = {}, fields: Partial<Outgoing> = {}): Outgoing => ({
  send_id: 's-1',
  chat_id: 'c-u-2',
  recipient_id: 'u-2',
  draft: { type: 'text', text: 'Hello', price: 0, self_destruct: false, ...draft },
  file: null,
  media: null,
  bundle: null,
  bundleProgress: null,
  warned: false,
  paid: false,
  status: 'sending',
  progress: null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});
