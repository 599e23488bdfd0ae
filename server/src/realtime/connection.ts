import { closeCodes, onTheWire, type SequencedEvent, type ServerMessage } from '@cove/contracts';
import type { WebSocket } from 'ws';
import { type EventReader, PAGE } from './log-reader';

export interface FlowLimits {
  highWaterBytes: number;
  hardLimitBytes: number;
}

/**
 * One open socket of one user. Events go out in sequence order, each once: a notice's events are
 * written straight away when they continue exactly from `sentSeq` and nothing else is being sent;
 * otherwise the log is read after `sentSeq`. One flush (log read) runs at a time, and a notice during
 * one makes it read again. A slow reader holds the flush back: above the high-water mark it waits
 * until what is queued has been written out, so the server never queues more than about that much of
 * the log for one socket. Idle, a connection holds only these fields (thousands stay open).
 */
export class Connection {
  visible = true;
  alive = true;
  private flushing: Promise<void> | null = null;
  private dirty = false;
  private closed: Promise<void> | undefined;

  constructor(
    readonly userId: string,
    readonly socket: WebSocket,
    private sentSeq: number,
    private readonly readEvents: EventReader,
    private readonly limits: FlowLimits,
  ) {}

  private get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Whether events up to `lastSeq` have not all been sent yet. */
  isBehind(lastSeq: number): boolean {
    return this.sentSeq < lastSeq;
  }

  /** Sends a message that is not held back (init, pong, presence, typing). */
  send(message: ServerMessage): void {
    if (this.writable()) this.socket.send(JSON.stringify(message));
  }

  /**
   * Sends a notice's events for this user (in sequence order) unless the log must be read instead:
   * returns false when a flush is running, the events do not continue from what was sent (the socket
   * is behind), or the socket is over its high-water mark. Events already sent are skipped.
   */
  deliver(events: SequencedEvent[]): boolean {
    if (this.flushing) return events.every((e) => e.seq <= this.sentSeq);
    for (const event of events) {
      if (event.seq <= this.sentSeq) continue;
      if (event.seq !== this.sentSeq + 1 || this.socket.bufferedAmount > this.limits.highWaterBytes) {
        return false;
      }
      if (!this.writable()) return true;
      this.socket.send(JSON.stringify(onTheWire(event)));
      this.sentSeq = event.seq;
    }
    return true;
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
          if (!this.writable()) return;
          const written = new Promise<void>((resolve) =>
            this.socket.send(JSON.stringify(onTheWire(event)), () => resolve()),
          );
          this.sentSeq = event.seq;
          if (this.socket.bufferedAmount > this.limits.highWaterBytes)
            await Promise.race([written, this.whenClosed()]);
        }
        if (events.length < PAGE) break;
      }
    }
  }

  /**
   * Whether the socket takes another message. One with more than the hard limit queued is closed
   * instead: its reader cannot keep up, and reconnecting resumes it from its last applied sequence.
   */
  private writable(): boolean {
    if (!this.open) return false;
    if (this.socket.bufferedAmount <= this.limits.hardLimitBytes) return true;
    this.socket.close(closeCodes.slowConsumer, 'too far behind');
    return false;
  }

  /** Made only for a socket that had to wait on its reader, so an idle one holds no promise. */
  private whenClosed(): Promise<void> {
    this.closed ??= new Promise((resolve) => this.socket.once('close', () => resolve()));
    return this.closed;
  }
}
