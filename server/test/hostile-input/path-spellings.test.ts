import { like } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';

/**
 * Other spellings of an API path: percent-encoded letters and digits (the router decodes them), a
 * doubled slash and another case. Once a budget is spent, none of them may reach the route uncounted.
 */
const spellings = (path: string): string[] => {
  const rest = path.slice('/v1'.length);
  const first = rest.charCodeAt(1).toString(16);
  return [
    `/%76%31${rest}`,
    `/%761${rest}`,
    `/v%31${rest}`,
    `/v1/%${first}${rest.slice(2)}`,
    `//v1${rest}`,
    `/v1/${rest.slice(1).replace('/', '//')}`,
    `/V1${rest}`,
  ];
};

type Request = {
  method?: 'GET' | 'POST';
  payload?: object;
  remoteAddress?: string;
  headers?: Record<string, string>;
};

async function spentThenTried(t: TestApp, path: string, budget: number, req: Request) {
  const ask = (url: string) => t.app.inject({ url, method: req.method ?? 'GET', ...req });
  for (let i = 0; i < budget; i++) expect((await ask(path)).statusCode).toBeLessThan(400);
  expect((await ask(path)).statusCode).toBe(429);
  const answers: Record<string, number> = {};
  for (const url of spellings(path)) {
    const res = await ask(url);
    // The shell page (client-side routes) is not the API.
    answers[url] = String(res.headers['content-type']).startsWith('text/html') ? 404 : res.statusCode;
  }
  return answers;
}

/** Each spelling is either counted (429) or never reaches an API route (404, or the shell page). */
const expectNoneThrough = (answers: Record<string, number>) =>
  expect(Object.entries(answers).filter(([, code]) => code !== 429 && code !== 404)).toEqual([]);

describe('rate limits hold whatever the spelling of the path', () => {
  it('the API budget per address', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const { token } = await signedInUser(t.db);
      const answers = await spentThenTried(t, '/v1/users/me', 3, { headers: { 'access-token': token } });
      expect(answers).toMatchObject({
        '/%76%31/users/me': 429,
        '/%761/users/me': 429,
        '/v%31/users/me': 429,
      });
      expectNoneThrough(answers);
    } finally {
      await t.close();
    }
  });

  it('sign-in per email: no more mail reaches the inbox', async () => {
    const t = await createTestApp({ env: { SIGN_IN_PER_EMAIL_PER_10_MINUTES: '2' } });
    try {
      const payload = { email: 'target@example.com', accept_terms: true };
      const answers = await spentThenTried(t, '/v1/users/sign', 2, { method: 'POST', payload });
      expect(answers['/%76%31/users/sign']).toBe(429);
      expectNoneThrough(answers);
      const mails = (await t.app.inject({ url: '/dev/mailbox.json' })).json() as { to: string }[];
      expect(mails.filter((m) => m.to === 'target@example.com')).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('sign-in per address: no more accounts are made', async () => {
    const t = await createTestApp({ env: { SIGN_IN_PER_10_MINUTES: '2' } });
    let n = 0;
    try {
      const req = () => ({
        method: 'POST' as const,
        payload: { email: `p${n++}@example.com`, accept_terms: true },
      });
      const ask = (url: string) => t.app.inject({ url, ...req() });
      for (let i = 0; i < 2; i++) expect((await ask('/v1/users/sign')).statusCode).toBe(200);
      expect((await ask('/v1/users/sign')).statusCode).toBe(429);
      for (const url of spellings('/v1/users/sign'))
        expect([404, 429]).toContain((await ask(url)).statusCode);
      expect(await t.db.$count(users, like(users.email, 'p%@example.com'))).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('release health: tokens per network and reports per address', async () => {
    const t = await createTestApp();
    try {
      const issued = await spentThenTried(t, '/v1/release-health/session', 30, { method: 'POST' });
      expect(issued['/%76%31/release-health/session']).toBe(429);
      expectNoneThrough(issued);
      // A token from another network, since this one has spent its tokens.
      const session = await t.app.inject({
        method: 'POST',
        url: '/v1/release-health/session',
        remoteAddress: '198.51.100.9',
      });
      const payload = { token: session.json().token, remote: 'chat', version: '1.0.0', kind: 'load' };
      const reports = await spentThenTried(t, '/v1/release-health', 60, { method: 'POST', payload });
      expect(reports['/v%31/release-health']).toBe(429);
      expectNoneThrough(reports);
    } finally {
      await t.close();
    }
  });
});
