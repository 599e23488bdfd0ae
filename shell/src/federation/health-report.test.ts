import { waitFor } from '@testing-library/react';
import { failWith, fakeHost, type RecordedCall } from '@cove/runtime/testing';
import { createHealthReporter, remoteOfScript, watchClientErrors } from './health-report';
import { createHealthTokens } from './health-token';

const version = '20260301T100000Z-aaaa1111';
const sessionPath = '/v1/release-health/session';
const reportPath = '/v1/release-health';

/** A server that signs a new session token on each ask (`token-1`, `token-2`, …) for an hour. */
function tokenServer(refuse: (call: RecordedCall) => boolean = () => false) {
  let issued = 0;
  return (call: RecordedCall) => {
    if (call.path === sessionPath) return { token: `token-${++issued}`, expires_in: 3600 };
    if (refuse(call)) return failWith(400, 'expired', { code: 'health_token' });
    return undefined;
  };
}

const reports = (calls: RecordedCall[]) => calls.filter((c) => c.path === reportPath).map((c) => c.body);
const asks = (calls: RecordedCall[]) => calls.filter((c) => c.path === sessionPath).length;

beforeEach(() => window.sessionStorage.clear());

describe('release health reports', () => {
  it('sends each remote version’s load and failures once per page, in one session the server issued', async () => {
    const fake = fakeHost({ respond: tokenServer() });
    const health = createHealthReporter(fake.host.api, createHealthTokens(fake.host.api));
    health.loaded('chat', version);
    health.loaded('chat', version);
    health.failed({ remote: 'chat', version, phase: 'render', message: 'TypeError: boom' });
    health.failed({ remote: 'chat', version, phase: 'load', message: 'chunk' });
    health.failed({ remote: 'chat', version: null, phase: 'load', message: 'registry down' });
    health.clientError('payouts', version);
    await waitFor(() => expect(reports(fake.calls)).toHaveLength(4));
    expect(asks(fake.calls)).toBe(1);
    expect(reports(fake.calls)).toEqual([
      { token: 'token-1', remote: 'chat', version, kind: 'load' },
      { token: 'token-1', remote: 'chat', version, kind: 'render_crash' },
      { token: 'token-1', remote: 'chat', version, kind: 'load_failure' },
      { token: 'token-1', remote: 'payouts', version, kind: 'client_error' },
    ]);
  });

  it('keeps the session across reloads of the tab, and asks anew shortly before it expires', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const clock = () => now;
    const fake = fakeHost({ respond: tokenServer() });
    const tokens = () => createHealthTokens(fake.host.api, () => window.sessionStorage, clock);
    expect(await tokens().get()).toBe('token-1');
    // A reload: a new page reads the tab's session.
    now += 58 * 60_000;
    expect(await tokens().get()).toBe('token-1');
    now += 60_000;
    expect(await tokens().get()).toBe('token-2');
    expect(asks(fake.calls)).toBe(2);
  });

  it('replaces a session the server refuses and sends the report again, once', async () => {
    const fake = fakeHost({
      respond: tokenServer((call) => (call.body as { token?: string } | undefined)?.token === 'token-1'),
    });
    const health = createHealthReporter(fake.host.api, createHealthTokens(fake.host.api));
    health.failed({ remote: 'chat', version, phase: 'render', message: 'TypeError: boom' });
    await waitFor(() => expect(reports(fake.calls)).toHaveLength(2));
    expect(reports(fake.calls)).toEqual([
      { token: 'token-1', remote: 'chat', version, kind: 'render_crash' },
      { token: 'token-2', remote: 'chat', version, kind: 'render_crash' },
    ]);
    expect(JSON.parse(window.sessionStorage.getItem('cove.health-token') ?? '{}')).toMatchObject({
      token: 'token-2',
    });

    // A server refusing every token is not asked in a loop.
    window.sessionStorage.clear();
    const refusing = fakeHost({ respond: tokenServer(() => true) });
    createHealthReporter(refusing.host.api, createHealthTokens(refusing.host.api)).loaded('chat', version);
    await waitFor(() => expect(reports(refusing.calls)).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(reports(refusing.calls)).toHaveLength(2);
  });

  it('counts nothing for a remote the tab runs from a dev server', async () => {
    const fake = fakeHost({ respond: tokenServer() });
    const health = createHealthReporter(
      fake.host.api,
      createHealthTokens(fake.host.api),
      new Set(['chat'] as const),
    );
    health.loaded('chat', version);
    health.failed({ remote: 'chat', version, phase: 'render', message: 'TypeError: mine' });
    health.loaded('discover', version);
    await waitFor(() => expect(reports(fake.calls)).toHaveLength(1));
    expect(reports(fake.calls)).toEqual([{ token: 'token-1', remote: 'discover', version, kind: 'load' }]);
  });

  it('tells which remote version a script or stack trace belongs to', () => {
    expect(remoteOfScript(`http://cove.test/mf/chat/${version}/__federation_expose_App.js`)).toEqual({
      remote: 'chat',
      version,
    });
    expect(remoteOfScript('at x (http://cove.test/assets/main.1a2b.js:1:2)')).toBeNull();
    expect(remoteOfScript(`http://cove.test/mf/billing/${version}/x.js`)).toBeNull();
    expect(remoteOfScript(undefined)).toBeNull();
  });

  it('counts an uncaught error thrown from a remote’s code as that version’s client error', () => {
    const clientError = jest.fn();
    watchClientErrors(window, { loaded: jest.fn(), failed: jest.fn(), clientError });
    const error = new Error('boom');
    error.stack = `Error: boom\n    at f (http://localhost/mf/discover/${version}/src_App.js:1:10)`;
    window.dispatchEvent(new ErrorEvent('error', { error, filename: 'http://localhost/main.js' }));
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('shell'), filename: 'http://localhost/main.js' }),
    );
    expect(clientError.mock.calls).toEqual([['discover', version]]);
  });
});
