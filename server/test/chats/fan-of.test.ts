import { sql } from 'drizzle-orm';
import { fanOf } from '../../src/chats/pair-rules';
import { rowsOf } from '../../src/db/rows';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createUser } from '../helpers/users';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Person = Parameters<typeof createUser>[1];
const people: [string, Person][] = [
  ['fan', { type: 'user' }],
  ['staff fan', { type: 'user', isStaff: true }],
  ['moderator fan', { type: 'user', isStaffMo: true }],
  ['creator', { type: 'featured' }],
  ['staff creator', { type: 'featured', isStaff: true }],
];
const pairs = people.flatMap((a) => people.map((b) => [a[0], b[0], a[1], b[1]] as const));

it.each(pairs)('who pays reads the same in the server and the database: %s with %s', async (_a, _b, a, b) => {
  const { db } = database;
  const [me, other] = [await createUser(db, a), await createUser(db, b)];
  const [inDb] = rowsOf<{ fan: boolean }>(
    await db.execute(
      sql`select is_fan_of(a, b) as fan from users a, users b where a.id = ${me.id} and b.id = ${other.id}`,
    ),
  );
  expect(inDb?.fan).toBe(fanOf(me, other)?.id === me.id);
});

it('names the fan of a fan-creator pair, either way round, and no one else', async () => {
  const { db } = database;
  const fan = await createUser(db, { type: 'user' });
  const creator = await createUser(db, { type: 'featured' });
  expect(fanOf(fan, creator)?.id).toBe(fan.id);
  expect(fanOf(creator, fan)?.id).toBe(fan.id);
  expect(fanOf(creator, await createUser(db, { type: 'featured' }))).toBeNull();
});
