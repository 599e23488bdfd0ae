import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sign = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/users/sign', payload });
const rowsFor = (email: string) => t.db.select().from(users).where(eq(users.email, email));

describe('sign-up confirms age and terms', () => {
  it('refuses a new account without the confirmation, and creates nothing', async () => {
    for (const payload of [
      { email: 'minor@example.com' },
      { email: 'minor@example.com', accept_terms: false },
    ]) {
      const res = await sign(payload);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        {
          message: 'Please confirm you are 18 or older and accept the terms to create an account.',
          code: 'terms_required',
        },
      ]);
    }
    expect(await rowsFor('minor@example.com')).toEqual([]);
  });

  it('records when a new person accepted', async () => {
    const before = Date.now();
    expect((await sign({ email: 'adult@example.com', accept_terms: true })).statusCode).toBe(200);
    const [row] = await rowsFor('adult@example.com');
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('signs an existing account in without asking again', async () => {
    const user = await createUser(t.db);
    expect((await sign({ email: user.email })).statusCode).toBe(200);
  });
});
