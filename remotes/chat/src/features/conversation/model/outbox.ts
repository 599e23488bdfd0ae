import { waitingMessage, type WaitingMessage } from '@cove/contracts';
import type { OutboxStore } from '@cove/runtime';
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

/** How a waiting message is kept across reloads: what the server needs, never a file. */
const toStored = (item: Outgoing): WaitingMessage => ({
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

/** A stored entry back as a waiting message; null for what this build cannot read. */
export function parseWaiting(value: unknown): Outgoing | null {
  const parsed = waitingMessage.safeParse(value);
  if (!parsed.success) return null;
  const s = parsed.data;
  return {
    ...s,
    paid: false,
    file: null,
    bundle: s.bundle?.map((slot) => ({ ...slot, file: null })) ?? null,
    bundleProgress: null,
    status: 'waiting',
    progress: null,
    error: null,
  };
}

/** Sends one message: 'waiting' when it could not reach the server, 'done' when it went or was refused. */
export type Deliver = (item: Outgoing) => Promise<'done' | 'waiting'>;

/**
 * The messages waiting for the connection, oldest first and kept in the person's store. `flush` sends
 * them one at a time in that order and stops at the first that still cannot get through; one flush
 * runs at a time, so none is sent twice by two wake-ups at once (and its send id makes a repeat harmless).
 */
export class Outbox {
  private items: Outgoing[];
  private flushing: Promise<void> | null = null;

  constructor(private readonly store: OutboxStore<unknown>) {
    this.items = store.load().flatMap((value) => parseWaiting(value) ?? []);
  }

  get waiting(): readonly Outgoing[] {
    return this.items;
  }

  add(item: Outgoing): void {
    if (this.items.some((o) => o.send_id === item.send_id)) return;
    this.items = [...this.items, item].sort((a, b) => a.created_at.localeCompare(b.created_at));
    this.save();
  }

  remove(sendId: string): void {
    if (!this.items.some((o) => o.send_id === sendId)) return;
    this.items = this.items.filter((o) => o.send_id !== sendId);
    this.save();
  }

  /** Sends what waits, in order; resolves when the outbox is empty or the connection failed again. */
  flush(deliver: Deliver): Promise<void> {
    this.flushing ??= this.run(deliver).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(deliver: Deliver): Promise<void> {
    for (let next = this.items[0]; next; next = this.items[0]) {
      if ((await deliver(next)) === 'waiting') return;
      this.remove(next.send_id);
    }
  }

  private save(): void {
    this.store.save(this.items.map(toStored));
  }
}
