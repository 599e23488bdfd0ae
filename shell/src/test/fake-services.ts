import type { HttpMethod, RemoteName } from '@cove/contracts';
import { createStore, localTokenStore } from '@cove/runtime';
import { createOutbox } from '@cove/runtime/shell';
import { fakeHost, type RecordedCall, type Responder } from '@cove/runtime/testing';
import type { ShellHost, ShellServices, ShellVersions } from '../services/shell-context';
import type { LoadedRemote, RemoteLoader } from '../services/remote-loading';
import { createPopupStore } from '../services/popup-store';
import { createCounts } from '../awareness/counts';
import type { Realtime } from '../realtime/connection';
import { createAccount } from '../session/account';

export function fakeRealtime(): jest.Mocked<Realtime> {
  return { start: jest.fn(), stop: jest.fn(), running: false } as jest.Mocked<Realtime>;
}

/** A call as the test server records it, for `expect(fake.calls).toContainEqual(...)`. */
export function call(
  method: HttpMethod,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
): RecordedCall {
  return { method, path, query, body };
}

/**
 * Shell services on the remotes' test host: the real API client answered by the test server (MSW), a
 * loader the test controls and a socket that never opens. `answer` queues a one-time answer to a call,
 * `respond` sets the standing ones (a value is sent as JSON, a `Response` as it is, `undefined` falls
 * through to the host's defaults); `calls` records what the server received.
 */
export function fakeServices(loader: Partial<RemoteLoader> = {}) {
  const queued: { method: HttpMethod; path: string; reply: unknown }[] = [];
  let standing: Responder = () => undefined;
  const test = fakeHost({
    respond: (request) => {
      const i = queued.findIndex((q) => q.method === request.method && q.path === request.path);
      return i >= 0 ? queued.splice(i, 1)[0]?.reply : standing(request);
    },
  });
  const { bus, session } = test;
  const popupStore = createPopupStore();
  const reportFailure = jest.fn();
  const navigate = jest.fn();
  const reloadPage = jest.fn();
  const versions = createStore<ShellVersions>({ socketProtocol: null });
  const realtime = fakeRealtime();
  const scheduled: { fn: () => void; ms: number }[] = [];
  const account = createAccount({
    api: test.host.api,
    host: { session, navigate },
    bus,
    tokens: localTokenStore(),
    popups: popupStore.controller,
    realtime,
    schedule: (fn, ms) => void scheduled.push({ fn, ms }),
  });
  const hostAccount = { patch: account.patch, reload: account.reload, logout: account.logout };
  const outbox = createOutbox({
    host: { api: test.host.api, bus, session, account: hostAccount, popups: popupStore.controller },
  });
  const host: ShellHost = {
    ...test.host,
    session,
    account: hostAccount,
    popups: popupStore.controller,
    outbox,
    navigate,
  };
  const fullLoader: RemoteLoader = {
    load: jest.fn(async (remote: RemoteName): Promise<LoadedRemote> => {
      throw new Error(`${remote} not stubbed`);
    }),
    versionOf: () => 'v1',
    peek: () => null,
    warm: async () => undefined,
    ...loader,
  };
  const services: ShellServices = {
    host,
    bus,
    account,
    outbox,
    loader: fullLoader,
    reportFailure,
    popupStore,
    counts: createCounts({ api: host.api, bus, session }),
    versions,
    setNavigate: () => undefined,
    reloadPage,
  };
  return {
    services,
    calls: test.calls,
    serverFailures: test.serverFailures,
    answer(method: HttpMethod, path: string, reply: unknown) {
      queued.push({ method, path, reply });
    },
    respond(responder: Responder) {
      standing = responder;
    },
    reportFailure,
    navigate,
    reloadPage,
    popupStore,
    realtime,
    scheduled,
    versions,
  };
}
