import { appendEvent } from '../src/realtime/event-log';
import { openSocket, wsBase } from './helpers/socket';
import { createTestApp, type TestApp } from './helpers/test-app';
import { signedInUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realtime: { beatMs: 200 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('the ping beat', () => {
  it('delivers an event whose bus notice was lost', async () => {
    const { user, token } = await signedInUser(t.db);
    const s = openSocket(wsBase(t.app), token);
    await s.until((m) => m.type === 'init');

    // Logged, but the notice that would have told the hub is never published.
    const { seq } = await t.db.transaction((tx) => appendEvent(tx, user.id, { type: 'approved' }));

    expect(await s.until((m) => m.seq !== undefined)).toMatchObject({ type: 'approved', seq });
    s.ws.close();
  });
});
