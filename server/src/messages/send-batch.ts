import type { Message, SequencedEvent } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { retryConflicts } from '../db/transaction';
import type { AppendedEvent, EventNotifier } from '../realtime/with-events';
import { CREATOR_SHARE } from './charges';

/** One send as the `send_messages` function of migration 0010 takes it. */
export interface SendItem {
  sender_id: string;
  recipient_id: string;
  chat_id: string | null;
  send_id: string;
  type: Message['type'];
  text: string;
  gif_url: string | null;
  media_id: string | null;
  price: number;
  self_destruct: boolean;
  parent_message_id: number | null;
  /** A refusal decided without the database; raised only after the send id was found new. */
  refusal?: string;
  refusal_arg?: string;
  preview: string;
  /** Each member's view of the message, but for `_id`, `chat_id` and `created_at`. */
  sender_view: Message;
  recipient_view: Message;
}

interface LoggedRow {
  user_id: string;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: string;
}

/** What the database answered for one send; `message` is the row as `to_jsonb` writes it. */
export type SendOutcome =
  | { status: 'created'; message: Record<string, unknown>; credits: number; events: LoggedRow[] }
  | { status: 'stored'; message: Record<string, unknown>; credits: number }
  | { status: 'refused'; code: string; arg?: string | null; credits?: number }
  | { status: 'slow'; chat_id: string };

interface Pending {
  item: SendItem;
  resolve: (outcome: SendOutcome) => void;
  reject: (err: unknown) => void;
}

export interface BatchOptions {
  /** Sends per database call at most. */
  maxBatch: number;
  /** Calls running at once; while all are busy, new sends wait and leave together in the next one. */
  maxInFlight: number;
}

const defaults: BatchOptions = { maxBatch: 128, maxInFlight: 4 };

/**
 * Group commit for sends. A send that finds a free slot leaves at once, alone: an idle server adds no
 * wait. Under load, the sends that arrive while every slot is busy leave together in one call, one
 * transaction and one commit. Each send still gets its own answer: the function runs each in its own
 * subtransaction, and should a whole call fail unexpectedly, its sends are tried again one by one so
 * only the culprit fails.
 */
export class SendBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly deps: { db: Db; realtime: EventNotifier },
    private readonly options: BatchOptions = defaults,
  ) {}

  /** Sends waiting for a free slot. */
  get queued(): number {
    return this.queue.length;
  }

  /** Calls running now. */
  get running(): number {
    return this.inFlight;
  }

  submit(item: SendItem): Promise<SendOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: SendOutcome[];
    try {
      outcomes = await retryConflicts(() => this.call(batch.map((p) => p.item)));
    } catch (err) {
      if (batch.length === 1) return batch[0]?.reject(err);
      await Promise.all(batch.map((p) => this.run([p])));
      return;
    }
    await this.notify(outcomes);
    batch.forEach((p, i) => {
      const outcome = outcomes[i];
      if (outcome) p.resolve(outcome);
      else p.reject(new Error('send_messages answered fewer sends than it was given'));
    });
  }

  private async call(items: SendItem[]): Promise<SendOutcome[]> {
    const [row] = rowsOf<{ outcomes: SendOutcome[] }>(
      await this.deps.db.execute(
        sql`select send_messages(${JSON.stringify(items)}::jsonb, ${CREATOR_SHARE}) as outcomes`,
      ),
    );
    return row?.outcomes ?? [];
  }

  /** Committed events go to the hub with the notice, so it need not read them back. */
  private async notify(outcomes: SendOutcome[]): Promise<void> {
    const appended: AppendedEvent[] = outcomes.flatMap((o) =>
      o.status === 'created'
        ? o.events.map((e) => ({
            userId: e.user_id,
            event: { ...e.payload, type: e.type, seq: e.seq, created_at: e.created_at } as SequencedEvent,
          }))
        : [],
    );
    if (appended.length > 0) {
      await this.deps.realtime.notify([...new Set(appended.map((a) => a.userId))], appended);
    }
  }
}

const batchers = new WeakMap<Db, SendBatcher>();

/** The batcher of a database: every send of one server process shares its commits. */
export function batcherFor(deps: { db: Db; realtime: EventNotifier }): SendBatcher {
  let batcher = batchers.get(deps.db);
  if (!batcher) batchers.set(deps.db, (batcher = new SendBatcher(deps)));
  return batcher;
}
