import type { Db } from '../db/client';
import { retryConflicts, type Tx } from '../db/transaction';
import type { EventNotifier } from '../realtime/with-events';
import { CREATOR_SHARE } from './charges';
import { notifyLogged } from './db-call';
import { sendBatch, type SendItem, type SendOutcome } from './send-handoff';

/** Work a send does in its batch's transaction, given its answer (a paid message's trigger). */
export type WithinBatch = (tx: Tx, outcome: SendOutcome) => Promise<void>;

interface Pending {
  item: SendItem;
  within?: WithinBatch;
  resolve: (outcome: SendOutcome) => void;
  reject: (err: unknown) => void;
}

/** One queue with at most one call running. */
interface Lane {
  queue: Pending[];
  busy: boolean;
}

export interface BatchOptions {
  /** Sends per database call at most. */
  maxBatch: number;
  /** Queues that run side by side, each one call at a time. */
  lanes: number;
}

const defaults: BatchOptions = { maxBatch: 128, lanes: 4 };

/** A lane for a key: the same key always lands in the same lane. */
const laneOf = (key: string, lanes: number) => Number.parseInt(key.slice(-6), 16) % lanes || 0;

/**
 * Group commit for sends. A send that finds its lane idle leaves at once, alone: an idle server adds
 * no wait. Under load, the sends that arrive while their lane's call runs leave together in its next
 * call: one transaction and one commit. Sends are laned by creator (the caller's `laneKey`): a call
 * locks every user it touches until it commits, so calls that shared a creator would only queue on
 * each other, while calls for different creators run side by side. Each send still gets its own
 * answer, and should a whole call fail unexpectedly, its sends are tried again one by one so only the
 * culprit fails.
 */
export class SendBatcher {
  private readonly lanes: Lane[];

  constructor(
    private readonly deps: { db: Db; realtime: EventNotifier },
    private readonly options: BatchOptions = defaults,
  ) {
    this.lanes = Array.from({ length: options.lanes }, () => ({ queue: [], busy: false }));
  }

  /** Sends waiting for their lane. */
  get queued(): number {
    return this.lanes.reduce((n, lane) => n + lane.queue.length, 0);
  }

  /** Calls running now. */
  get running(): number {
    return this.lanes.filter((lane) => lane.busy).length;
  }

  submit(item: SendItem, laneKey: string, within?: WithinBatch): Promise<SendOutcome> {
    const lane = this.lanes[laneOf(laneKey, this.lanes.length)] ?? this.lanes[0];
    if (!lane) throw new Error('a send batcher needs at least one lane');
    return new Promise((resolve, reject) => {
      lane.queue.push({ item, within, resolve, reject });
      this.pump(lane);
    });
  }

  private pump(lane: Lane): void {
    if (lane.busy || lane.queue.length === 0) return;
    lane.busy = true;
    void this.run(lane.queue.splice(0, this.options.maxBatch)).finally(() => {
      lane.busy = false;
      this.pump(lane);
    });
  }

  /**
   * One call of `send_messages`: a statement of its own, or, when a send has work to do with its
   * answer, a transaction that runs that work after the call and commits it with the batch.
   */
  private call(batch: Pending[]): Promise<SendOutcome[]> {
    const items = batch.map((p) => p.item);
    if (!batch.some((p) => p.within)) return sendBatch(this.deps.db, items, CREATOR_SHARE);
    return this.deps.db.transaction(async (tx) => {
      const outcomes = await sendBatch(tx, items, CREATOR_SHARE);
      for (const [i, p] of batch.entries()) {
        const outcome = outcomes[i];
        if (p.within && outcome) await p.within(tx, outcome);
      }
      return outcomes;
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: SendOutcome[];
    try {
      outcomes = await retryConflicts(() => this.call(batch));
    } catch (err) {
      if (batch.length === 1) return batch[0]?.reject(err);
      await Promise.all(batch.map((p) => this.run([p])));
      return;
    }
    await notifyLogged(
      this.deps.realtime,
      outcomes.flatMap((o) => (o.status === 'created' ? o.events : [])),
    );
    batch.forEach((p, i) => {
      const outcome = outcomes[i];
      if (outcome) p.resolve(outcome);
      else p.reject(new Error('send_messages answered fewer sends than it was given'));
    });
  }
}

const batchers = new WeakMap<Db, SendBatcher>();

/** The batcher of a database: every send of one server process shares its commits. */
export function batcherFor(deps: { db: Db; realtime: EventNotifier }): SendBatcher {
  let batcher = batchers.get(deps.db);
  if (!batcher) batchers.set(deps.db, (batcher = new SendBatcher(deps)));
  return batcher;
}
