import { waitFor } from '@testing-library/react';
import { fakeHost } from '@cove/runtime/testing';
import { createHealthReporter, remoteOfScript, watchClientErrors } from './health-report';

const version = '20260301T100000Z-aaaa1111';

describe('release health reports', () => {
  it('sends each remote version’s load and failures once per page, with the tab’s session only', async () => {
    const fake = fakeHost();
    const health = createHealthReporter(fake.host.api, 'session-1234');
    health.loaded('chat', version);
    health.loaded('chat', version);
    health.failed({ remote: 'chat', version, phase: 'render', message: 'TypeError: boom' });
    health.failed({ remote: 'chat', version, phase: 'load', message: 'chunk' });
    health.failed({ remote: 'chat', version: null, phase: 'load', message: 'registry down' });
    health.clientError('payouts', version);
    await waitFor(() => expect(fake.calls).toHaveLength(4));
    expect(fake.calls.filter((c) => c.path === '/v1/release-health').map((c) => c.body)).toEqual([
      { session: 'session-1234', remote: 'chat', version, kind: 'load' },
      { session: 'session-1234', remote: 'chat', version, kind: 'render_crash' },
      { session: 'session-1234', remote: 'chat', version, kind: 'load_failure' },
      { session: 'session-1234', remote: 'payouts', version, kind: 'client_error' },
    ]);
  });

  it('counts nothing for a remote the tab runs from a dev server', async () => {
    const fake = fakeHost();
    const health = createHealthReporter(fake.host.api, 'session-1234', new Set(['chat'] as const));
    health.loaded('chat', version);
    health.failed({ remote: 'chat', version, phase: 'render', message: 'TypeError: mine' });
    health.loaded('discover', version);
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.body).toEqual({
      session: 'session-1234',
      remote: 'discover',
      version,
      kind: 'load',
    });
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
