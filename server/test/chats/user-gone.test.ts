import { eq, sql } from 'drizzle-orm';
import { isGone } from '../../src/chats/pair-rules';
import { rowsOf } from '../../src/db/rows';
import { users } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createUser } from '../helpers/users';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const hour = 3600_000;
const states: [string, boolean, Parameters<typeof createUser>[1]][] = [
  ['active', false, {}],
  ['banned', true, { bannedAt: new Date() }],
  ['terminated', true, { terminatedAt: new Date() }],
  ['deleted', true, { deletedAt: new Date(), deleteAt: new Date(Date.now() - hour) }],
  ['deletion due', true, { deleteAt: new Date(Date.now() - hour) }],
  ['deletion scheduled', false, { deleteAt: new Date(Date.now() + hour) }],
];

it.each(states)('"gone" reads the same in the server and the database: %s', async (_, gone, state) => {
  const { db } = database;
  const user = await createUser(db, state);
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  const [inDb] = rowsOf<{ gone: boolean }>(
    await db.execute(sql`select user_gone(u) as gone from users u where u.id = ${user.id}`),
  );
  expect([row && isGone(row), inDb?.gone]).toEqual([gone, gone]);
});
