import type { OutboxEntry, WaitingMessage } from '@cove/contracts';
import type { Outgoing } from './message-delivery';

/**
 * A message may wait for the connection only when nothing about it is left to upload and sending it
 * moves no money (docs/rules.md, Offline): a paid message is never sent later behind the person's back.
 */
export function mayWait(item: Pick<Outgoing, 'paid' | 'file' | 'media' | 'bundle'>): boolean {
  if (item.paid) return false;
  if (item.file && !item.media) return false;
  return item.bundle?.every((slot) => slot.media_id !== null) ?? true;
}

/** A message as the outbox keeps it: what the server needs, never a file. */
export const toWaiting = (item: Outgoing): WaitingMessage => ({
  send_id: item.send_id,
  chat_id: item.chat_id,
  recipient_id: item.recipient_id,
  created_at: item.created_at,
  warned: item.warned,
  draft: item.draft,
  media: item.media,
  bundle:
    item.bundle?.map((slot) => ({
      kind: slot.kind,
      preview: slot.preview,
      media_id: slot.media_id ?? '',
      thumb: slot.thumb,
    })) ?? null,
});

/** An outbox entry as the thread shows it. */
export function fromEntry({ message, status, error }: OutboxEntry): Outgoing {
  return {
    ...message,
    paid: false,
    file: null,
    bundle: message.bundle?.map((slot) => ({ ...slot, file: null })) ?? null,
    bundleProgress: null,
    status,
    progress: null,
    error,
  };
}
