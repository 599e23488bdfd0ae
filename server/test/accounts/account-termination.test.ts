import type { AddressInfo } from 'node:net';
import { closeCodes } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { runAdminCommand } from '../../src/admin/commands';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** A socket of the user's, recording the events it hears and how it closes. */
async function socketOf(token: string) {
  const port = (t.app.server.address() as AddressInfo).port;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  const heard: string[] = [];
  ws.on('message', (raw) => heard.push(JSON.parse(raw.toString()).type));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve) => ws.once('open', resolve));
  return { heard, closed };
}

describe('terminating an account', () => {
  it('closes every open socket with banned, ends the sessions and refuses sign-in', async () => {
    const { user, token } = await signedInUser(t.db);
    const tabs = [await socketOf(token), await socketOf(token)];

    const said = await runAdminCommand(t.db, t.app.realtime, {
      actor: 'ops@test',
      command: 'terminate',
      email: user.email,
      args: [],
    });
    expect(said).toBe(`${user.email} is terminated and signed out everywhere.`);
    for (const tab of tabs) {
      expect(await tab.closed).toBe(closeCodes.banned);
      expect(tab.heard).toEqual(['init', 'banned']);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.terminatedAt).not.toBeNull();
    expect(row?.bannedAt).toBeNull();

    const me = await t.app.inject({ url: '/v1/users/me', headers: { 'access-token': token } });
    expect(me.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/users/sign',
      payload: { email: user.email },
    });
    expect([signIn.statusCode, signIn.json().message]).toEqual([
      403,
      'Your account has been temporarily suspended for violating the rules.',
    ]);
  });
});
