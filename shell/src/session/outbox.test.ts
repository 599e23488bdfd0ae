import { tokenKey } from '@cove/runtime';
import { testConfig, testMessage, testUser, testWaitingMessage as waiting } from '@cove/runtime/testing';
import { waitFor } from '@testing-library/react';
import { fakeServices } from '../test/fake-services';
import { keepOutboxOpen } from './outbox';

const outboxKey = 'cove-outbox:u-1';

/** The shell on a page with no chat screen, for u-1, whose earlier page left two messages waiting. */
async function signedInElsewhere() {
  window.localStorage.setItem(tokenKey, 'tok');
  window.localStorage.setItem(outboxKey, JSON.stringify([waiting(1), waiting(2)]));
  const fake = fakeServices();
  const up = { now: false };
  fake.respond(({ path, body }) => {
    if (path === '/v1/users/me') return testUser({ _id: 'u-1' });
    if (path !== '/v1/messages') return testConfig({ is_guest: false });
    if (!up.now) return Response.error();
    const sent = body as { send_id: string; text: string };
    return { data: testMessage({ _id: sent.send_id, sender_id: 'u-1', text: sent.text }), credits: 250 };
  });
  const { outbox, host, bus, account } = fake.services;
  bus.setConnection('disconnected');
  const stop = keepOutboxOpen(outbox, host, bus);
  await account.boot(new AbortController().signal);
  const posted = () =>
    fake.calls.filter((c) => c.path === '/v1/messages').map((c) => (c.body as { send_id: string }).send_id);
  return { ...fake, up, stop, posted };
}

beforeEach(() => window.localStorage.clear());

describe("the shell's outbox", () => {
  it('sends what waits once the connection returns, wherever the person is, in order and with its send ids', async () => {
    const s = await signedInElsewhere();
    expect(s.posted()).toEqual([]);
    s.up.now = true;
    s.services.bus.setConnection('connected');
    await waitFor(() => expect(window.localStorage.getItem(outboxKey)).toBeNull());
    expect(s.posted()).toEqual(['s-1', 's-2']);
    s.stop();
  });

  it('stops at sign-out, and keeps what waits when the session only expired', async () => {
    const s = await signedInElsewhere();
    s.services.account.end('expired');
    s.up.now = true;
    s.services.bus.setConnection('connected');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.posted()).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(outboxKey) ?? '[]')).toHaveLength(2);
    s.stop();
  });
});
