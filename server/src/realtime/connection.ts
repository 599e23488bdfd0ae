import type { ServerMessage } from '@cove/contracts';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client';
import { eventsAfter } from './event-log';

/**
 * One open socket of one user. Logged events are read from the database after `sentSeq` and sent
 * in order; one flush runs at a time and a notification during a flush makes it read again, so each
 * event goes out exactly once per connection whatever the timing of notifications.
 */
export class Connection {
  visible = true;
  alive = true;
  private flushing: Promise<void> | null = null;
  private dirty = false;

  constructor(
    readonly userId: string,
    readonly socket: WebSocket,
    private sentSeq: number,
    private readonly db: Db,
  ) {}

  send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
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
    while (this.dirty && this.socket.readyState === this.socket.OPEN) {
      this.dirty = false;
      for (;;) {
        const events = await eventsAfter(this.db, this.userId, this.sentSeq);
        for (const event of events) {
          this.send(event);
          this.sentSeq = event.seq;
        }
        if (events.length < 500) break;
      }
    }
  }
}
