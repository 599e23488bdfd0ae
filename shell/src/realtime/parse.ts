import { ephemeralMessage, loggedEvent, type EphemeralMessage, type SequencedEvent } from '@cove/contracts';
import * as z from 'zod/mini';

const sequenceMeta = z.object({ seq: z.int().check(z.positive()), created_at: z.string() });

export type Incoming =
  | { kind: 'logged'; seq: number; event: SequencedEvent | null }
  | { kind: 'ephemeral'; message: EphemeralMessage }
  | { kind: 'unknown'; type: string };

/**
 * One websocket frame, checked against the realtime contract. A logged event whose shape this build
 * does not know keeps its `seq` (so the resume point moves on) but carries no event.
 */
export function parseIncoming(data: unknown): Incoming {
  let raw: unknown;
  try {
    raw = typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    raw = null;
  }
  if (typeof raw !== 'object' || raw === null || typeof (raw as { type?: unknown }).type !== 'string') {
    return { kind: 'unknown', type: '(not JSON)' };
  }
  const type = (raw as { type: string }).type;
  const meta = sequenceMeta.safeParse(raw);
  if (meta.success) {
    const event = loggedEvent.safeParse(raw);
    return {
      kind: 'logged',
      seq: meta.data.seq,
      event: event.success ? { ...event.data, ...meta.data } : null,
    };
  }
  const message = ephemeralMessage.safeParse(raw);
  return message.success ? { kind: 'ephemeral', message: message.data } : { kind: 'unknown', type };
}
