import { and, eq } from 'drizzle-orm';
import { messages } from '../../src/db/schema';
import { creditsOf } from '../../src/ledger/ledger';
import { fanAndCreator, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RATE = 10;
const CREDITS = 1_000;

describe('intro price under concurrency', () => {
  it.each([2, 20])('charges all but one of %i concurrent first messages in an intro', async (n) => {
    const { fan, creator, chatId } = await fanAndCreator(t, {
      credits: CREDITS,
      rate: RATE,
      creator: { introEnabled: true },
    });
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => fan.api.post('/v1/messages', text(creator.user.id, `hi ${i}`))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: n }, () => 200));
    const costs = await t.db
      .select({ cost: messages.cost })
      .from(messages)
      .where(
        and(eq(messages.chatId, chatId), eq(messages.senderId, fan.user.id), eq(messages.system, false)),
      );
    // The rule: only the fan's first message of an intro is free.
    expect(costs.filter((m) => m.cost === 0)).toHaveLength(1);
    expect(costs.filter((m) => m.cost === RATE)).toHaveLength(n - 1);
    expect(await creditsOf(t.db, fan.user.id)).toBe(CREDITS - (n - 1) * RATE);
  });
});
