import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../src/db/schema';
import { type Party, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { browserKeys, type BrowserKeys } from './push-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newEndpoint = () => `https://push.example.com/send/${++n}`;

const register = (who: Party, endpoint: string, keys: BrowserKeys) =>
  who.api.post('/v1/push/subscriptions', {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });

const ownerOf = async (endpoint: string) =>
  (
    await t.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
  ).map((r) => r.userId);

describe("a browser's push endpoint", () => {
  it('is not taken by someone who only knows its address', async () => {
    const victim = await person(t);
    const attacker = await person(t);
    const endpoint = newEndpoint();
    expect((await register(victim, endpoint, browserKeys())).statusCode).toBe(204);
    const res = await register(attacker, endpoint, browserKeys());
    expect([res.statusCode, res.json()]).toEqual([
      409,
      {
        message: "This browser's notifications belong to another session. Turn them off and on again.",
        code: 'push_endpoint_taken',
      },
    ]);
    expect(await ownerOf(endpoint)).toEqual([victim.user.id]);
  });

  it('moves to the next account signed in on the same browser, which holds its keys', async () => {
    const first = await person(t);
    const second = await person(t);
    const endpoint = newEndpoint();
    const keys = browserKeys();
    await register(first, endpoint, keys);
    expect((await register(second, endpoint, keys)).statusCode).toBe(204);
    expect(await ownerOf(endpoint)).toEqual([second.user.id]);
  });

  it('moves once the session that registered it has signed out', async () => {
    const first = await person(t);
    const second = await person(t);
    const endpoint = newEndpoint();
    await register(first, endpoint, browserKeys());
    expect((await first.api.delete('/v1/auth')).statusCode).toBe(204);
    // Signing out drops the session's endpoints; registering one anew is an ordinary first claim.
    expect((await register(second, endpoint, browserKeys())).statusCode).toBe(204);
    expect(await ownerOf(endpoint)).toEqual([second.user.id]);
  });

  it("takes the same account's new keys", async () => {
    const me = await person(t);
    const endpoint = newEndpoint();
    await register(me, endpoint, browserKeys());
    const fresh = browserKeys();
    expect((await register(me, endpoint, fresh)).statusCode).toBe(204);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row?.p256dh).toBe(fresh.p256dh);
  });
});
