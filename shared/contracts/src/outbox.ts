import type { Observable } from 'rxjs';
import * as z from 'zod/mini';
import { sentMessageType, type Message } from './message';

/**
 * A message waiting in a person's outbox for the connection, as this browser keeps it across reloads
 * (never a file: only what is already on the server goes with it). Read back through this schema, so
 * what an older build stored and this one cannot read is dropped rather than misread.
 */
export const waitingMessage = z.object({
  send_id: z.string(),
  chat_id: z.string(),
  recipient_id: z.string(),
  created_at: z.string(),
  warned: z.boolean(),
  draft: z.object({
    type: sentMessageType,
    text: z.string(),
    price: z.number(),
    self_destruct: z.boolean(),
    gif_url: z.optional(z.string()),
    parent_message_id: z.optional(z.string()),
  }),
  media: z.nullable(
    z.object({
      media_id: z.optional(z.string()),
      public_id: z.optional(z.string()),
      width: z.optional(z.number()),
      height: z.optional(z.number()),
      video_length: z.optional(z.number()),
    }),
  ),
  bundle: z.nullable(
    z.array(
      z.object({
        kind: z.enum(['image', 'video']),
        preview: z.boolean(),
        media_id: z.string(),
        thumb: z.nullable(z.string()),
      }),
    ),
  ),
});
export type WaitingMessage = z.infer<typeof waitingMessage>;

/** A waiting message as the outbox shows it: waiting, being sent now, or refused by the server. */
export interface OutboxEntry {
  message: WaitingMessage;
  status: 'waiting' | 'sending' | 'failed';
  /** Why the server refused it (status 'failed'); null otherwise. */
  error: string | null;
}

export interface OutboxState {
  /** Oldest written first. A refused one stays (in this page only) until it is discarded. */
  entries: readonly OutboxEntry[];
  /** No connection: the socket is down, or a send found no server since it last came up. */
  offline: boolean;
}

/**
 * The signed-in person's outbox, which the shell runs on every page: it sends what waits, in order and
 * once, when the connection returns (docs/rules.md, Offline). Remotes show it, add to it and discard
 * from it; they never send what waits themselves.
 */
export interface HostOutbox {
  /** The current state at once on subscribing, then each change. */
  readonly state$: Observable<OutboxState>;
  /** Each message the outbox sent, as the server answered it. */
  readonly sent$: Observable<Message>;
  /**
   * Puts a message in line. `unreachable`: its own send just found no server, so the outbox tries
   * again later rather than at once.
   */
  add(message: WaitingMessage, unreachable: boolean): void;
  discard(sendId: string): void;
}
