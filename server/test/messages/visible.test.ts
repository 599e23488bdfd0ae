import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { chatMembers, chats, hiddenMessages, messages } from '../../src/db/schema';
import { visibleTo } from '../../src/messages/visible';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createUser } from '../helpers/users';

let database: TestDatabase;

function only<T>(rows: T[]): T {
  if (rows.length !== 1 || rows[0] === undefined) throw new Error(`expected one row, got ${rows.length}`);
  return rows[0];
}
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A chat of two with one message per case, and what the first member should see of each. */
async function world() {
  const { db } = database;
  const [a, b] = [await createUser(db, { type: 'user' }), await createUser(db, { type: 'featured' })];
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const { id: chatId } = only(await db.insert(chats).values({ userLow: low, userHigh: high }).returning());
  await db.insert(chatMembers).values([
    { chatId, userId: a.id, otherId: b.id },
    { chatId, userId: b.id, otherId: a.id },
  ]);
  const write = async (values: Partial<typeof messages.$inferInsert> = {}) => {
    const rows = await db
      .insert(messages)
      .values({ chatId, senderId: b.id, recipientId: a.id, type: 'text', text: 'hi', ...values })
      .returning({ id: messages.id });
    return only(rows).id;
  };
  const cleared = await write();
  const cases: [string, number, boolean][] = [['before the member cleared the chat', cleared, false]];
  cases.push(['for both', await write(), true]);
  cases.push(['for them alone', await write({ visibleTo: a.id }), true]);
  cases.push(['for the other alone', await write({ visibleTo: b.id }), false]);
  cases.push(['deleted', await write({ deletedAt: new Date() }), false]);
  const hidden = await write();
  await db.insert(hiddenMessages).values({ messageId: hidden, userId: a.id });
  cases.push(['hidden by them', hidden, false]);
  const hiddenByOther = await write();
  await db.insert(hiddenMessages).values({ messageId: hiddenByOther, userId: b.id });
  cases.push(['hidden by the other', hiddenByOther, true]);
  await db
    .update(chatMembers)
    .set({ clearedBefore: cleared + 1 })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, a.id)));
  const member = only(
    await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, a.id))),
  );
  return { member, cases };
}

it('a member sees the same messages in the list queries and in the database functions', async () => {
  const { db } = database;
  const { member, cases } = await world();
  const listed = new Set(
    (await db.select({ id: messages.id }).from(messages).where(visibleTo(member))).map((r) => r.id),
  );
  const inDb = rowsOf<{ id: number; visible: boolean }>(
    await db.execute(sql`select m.id::int as id, message_visible(m, ${member.userId}::uuid, ${member.clearedBefore}::bigint)
      as visible from messages m where m.chat_id = ${member.chatId}`),
  );
  const seen = (id: number) => [listed.has(id), inDb.find((r) => r.id === id)?.visible];
  expect(cases.map(([what, id]) => [what, ...seen(id)])).toEqual(
    cases.map(([what, , visible]) => [what, visible, visible]),
  );
});
