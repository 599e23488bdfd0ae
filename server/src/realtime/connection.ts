import { closeCodes, type SequencedEvent, type ServerMessage } from '@cove/contracts';
import type { WebSocket } from 'ws';

export interface FlowLimits {
  highWaterBytes: number;
  hardLimitBytes: number;
}

/** Reads a user's logged events after a sequence, in order, one page at a time. */
export type EventReader = (userId: string, afterSeq: number) => Promise<SequencedEvent[]>;

const PAGE = 500;

/**
 * One open socket of one user. Logged events are read from the database after `sentSeq` and sent
 * in order; one flush runs at a time and a notification during a flush makes it read again, so each
 * event goes out exactly once per connection whatever the timing of notifications. A slow reader
 * holds the flush back: above the high-water mark it waits until what is queued has been written
 * out, so the server never queues more than about that much of the log for one socket.
 */
export class Connection {
  visible = true;
  alive = true;
  private flushing: Promise<void> | null = null;
  private dirty = false;
  private readonly closed: Promise<void>;

  constructor(
    readonly userId: string,
    readonly socket: WebSocket,
    private sentSeq: number,
    private readonly readEvents: EventReader,
    private readonly limits: FlowLimits,
  ) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  private get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Whether events up to `lastSeq` have not all been sent yet. */
  isBehind(lastSeq: number): boolean {
    return this.sentSeq < lastSeq;
  }

  /** Sends a message that is not held back (init, pong, presence, typing). */
  send(message: ServerMessage): void {
    void this.write(message);
  }

  /** Sends every logged event not yet sent; resolves when the log has been read to its end. */
  flush(): Promise<void> {
    this.dirty = true;
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.dirty && this.open) {
      this.dirty = false;
      for (;;) {
        const events = await this.readEvents(this.userId, this.sentSeq);
        for (const event of events) {
          if (!this.open) return;
          const written = this.write(event);
          this.sentSeq = event.seq;
          if (this.socket.bufferedAmount > this.limits.highWaterBytes) await written;
        }
        if (events.length < PAGE) break;
      }
    }
  }

  /**
   * Queues one message; resolves once it has been handed to the network (everything queued before it
   * too) or the socket closed. A socket with more than the hard limit queued is closed instead: its
   * reader cannot keep up, and reconnecting resumes it from its last applied sequence.
   */
  private write(message: ServerMessage): Promise<void> {
    if (!this.open) return Promise.resolve();
    if (this.socket.bufferedAmount > this.limits.hardLimitBytes) {
      this.socket.close(closeCodes.slowConsumer, 'too far behind');
      return Promise.resolve();
    }
    const written = new Promise<void>((resolve) =>
      this.socket.send(JSON.stringify(message), () => resolve()),
    );
    return Promise.race([written, this.closed]);
  }
}
