import { sql } from 'drizzle-orm';
import * as z from '../../src/zod';
import { outcomeOf } from '../../src/db/outcome';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const answers = z.object({ status: z.literal('done'), n: z.number() });
const answer = (json: string) => database.db.execute(sql`select ${json}::jsonb as outcome`);

describe('a database function\u2019s answer', () => {
  it('is read through its description', async () => {
    expect(outcomeOf(await answer('{"status":"done","n":2}'), answers, 'f')).toEqual({
      status: 'done',
      n: 2,
    });
  });

  it('is refused, named, when the description has no place for it', async () => {
    expect(() => outcomeOf({ rows: [] }, answers, 'f')).toThrow('f answered nothing');
    const odd = await answer('{"status":"slow"}');
    expect(() => outcomeOf(odd, answers, 'f')).toThrow('f answered what it never answers: {"status":"slow"}');
  });
});
