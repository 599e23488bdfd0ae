import { randomUUID } from 'node:crypto';
import { sendMessageBody } from '@cove/contracts';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { blocks, messages } from '../../src/db/schema';
import { AppError } from '../../src/errors';
import { balanceMismatches, creditsOf } from '../../src/ledger/ledger';
import { SendBatcher } from '../../src/messages/send-batch';
import { sendMessage, type SendResult } from '../../src/messages/send-message';
import type { AppendedEvent } from '../../src/realtime/with-events';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RATE = 5;

/** One call at a time: every send that arrives while it runs waits and leaves in the next one. */
function oneCallAtATime() {
  const notices: AppendedEvent[][] = [];
  const realtime = {
    notify: async (_ids: string[], events: AppendedEvent[] = []) => void notices.push(events),
  };
  const deps = {
    db: t.db,
    realtime,
    config: { gifHosts: [] },
    media: t.app.media,
    autoMessages: { purchased: async () => false, wake: () => {}, mayThank: async () => false },
  };
  const batcher = new SendBatcher(deps, { maxBatch: 100, lanes: 1 });
  return { deps, batcher, notices };
}

/**
 * Runs `first` and holds its call on a lock of the first sender's row until `rest` have all queued
 * behind it, so they leave together in the next call.
 */
async function queuedBehind(
  batcher: SendBatcher,
  firstSender: string,
  first: () => Promise<unknown>,
  rest: (() => Promise<unknown>)[],
) {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let held = () => {};
  const holding = new Promise<void>((r) => (held = r));
  const holder = t.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${firstSender} for no key update`);
    held();
    await released;
  });
  await holding;
  const firstDone = first();
  const tick = () => new Promise((r) => setTimeout(r, 5));
  while (batcher.running < 1) await tick();
  const settled = Promise.allSettled(rest.map((r) => r()));
  while (batcher.queued < rest.length) await tick();
  release();
  await holder;
  await firstDone;
  return settled;
}

/** What a settled send looks like to its caller: the message's id, or the error's code. */
const answerOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled'
    ? (r.value as SendResult).message.id
    : r.reason instanceof AppError
      ? r.reason.code
      : 'thrown';

/** The transaction that wrote each message (PostgreSQL's xmin): one per commit. */
async function writersOf(ids: number[]): Promise<Set<string>> {
  const rows = rowsOf<{ xmin: string }>(
    await t.db.execute(sql`select xmin::text as xmin from messages where ${inArray(messages.id, ids)}`),
  );
  return new Set(rows.map((r) => r.xmin));
}

describe('batched sends', () => {
  it('commits sends that arrive together in one transaction and answers each with its own result', async () => {
    const { deps, batcher, notices } = oneCallAtATime();
    const pairs = await Promise.all(
      Array.from({ length: 6 }, () => fanAndCreator(t, { credits: 100, rate: RATE })),
    );
    const blocked = await fanAndCreator(t, { credits: 100, rate: RATE });
    await t.db.insert(blocks).values({ blockerId: blocked.creator.user.id, blockedId: blocked.fan.user.id });
    const broke = await fanAndCreator(t, { credits: RATE - 1, rate: RATE });
    const send = (p: (typeof pairs)[number]) =>
      sendMessage(deps, p.fan.user, sendMessageBody.parse(text(p.creator.user.id, 'hello')), false, batcher);

    // The first send takes the only slot; the rest queue behind it and leave together.
    const [head, ...others] = pairs as [(typeof pairs)[number], ...typeof pairs];
    const together = await queuedBehind(
      batcher,
      head.fan.user.id,
      () => send(head),
      [...others, blocked, broke].map((p) => () => send(p)),
    );

    const answers = together.map(answerOf);
    expect(answers.slice(-2)).toEqual(['blocked', 'not_enough_credits']);
    const sent = answers.slice(0, -2) as number[];
    expect(sent.every((id) => typeof id === 'number')).toBe(true);
    expect((await writersOf(sent)).size).toBe(1);
    for (const p of pairs) expect(await creditsOf(t.db, p.fan.user.id)).toBe(100 - RATE);
    expect(await creditsOf(t.db, broke.fan.user.id)).toBe(RATE - 1);
    const refused = await t.db
      .select()
      .from(messages)
      .where(inArray(messages.senderId, [blocked.fan.user.id, broke.fan.user.id]));
    expect(refused).toEqual([]);
    expect(await balanceMismatches(t.db)).toEqual([]);
    // The shared commit's notice carries each creator's new message and unread count.
    const carried = notices.at(-1) ?? [];
    for (const p of pairs.slice(1)) {
      expect(carried.filter((e) => e.userId === p.creator.user.id).map((e) => e.event.type)).toEqual([
        'new_message',
        'unread_messages',
        'notification',
      ]);
    }
  });

  it('fails only the send that breaks its whole call; the others are sent one by one', async () => {
    const { deps, batcher } = oneCallAtATime();
    const pairs = await Promise.all(
      Array.from({ length: 4 }, () => fanAndCreator(t, { credits: 100, rate: RATE })),
    );
    const send = (p: (typeof pairs)[number]) =>
      sendMessage(deps, p.fan.user, sendMessageBody.parse(text(p.creator.user.id, 'hi')), false, batcher);
    const [head, ...others] = pairs as [(typeof pairs)[number], ...typeof pairs];
    const [broken, ...rest] = await queuedBehind(batcher, head.fan.user.id, () => send(head), [
      // Not a user id at all: the call's user lock cannot even read it.
      () => batcher.submit({ sender_id: 'not-a-user', recipient_id: randomUUID() } as never, 'x'),
      ...others.map((p) => () => send(p)),
    ]);
    expect(broken?.status).toBe('rejected');
    const sent = rest.map(answerOf) as number[];
    expect(sent.every((id) => typeof id === 'number')).toBe(true);
    expect((await writersOf(sent)).size).toBe(sent.length);
    for (const p of pairs) expect(await creditsOf(t.db, p.fan.user.id)).toBe(100 - RATE);
  });
});
