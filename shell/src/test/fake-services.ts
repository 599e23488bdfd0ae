import { hostContractVersion, type ApiClient, type RemoteName } from '@cove/contracts';
import { createStore, localTokenStore } from '@cove/runtime';
import { createBus, createSession } from '@cove/runtime/shell';
import { contractCheckedApi } from '@cove/runtime/testing';
import type { ShellHost, ShellServices, ShellVersions } from '../services/shell-context';
import type { LoadedRemote, RemoteLoader } from '../services/remote-loading';
import { createPopupStore } from '../services/popup-store';
import type { Realtime } from '../realtime/connection';
import { createAccount } from '../session/account';

/**
 * The server's answers as jest mocks, one per client method, each resolving to undefined until a test
 * says otherwise. The shell's code never calls these directly: it calls a client that parses each
 * answer with the call's contract schema, as the real client does.
 */
export function fakeApi(): jest.Mocked<ApiClient> {
  const ok = () => jest.fn(async () => undefined as never);
  const api = { get: ok(), post: ok(), put: ok(), patch: ok(), delete: ok(), send: ok() };
  return api as unknown as jest.Mocked<ApiClient>;
}

export function fakeRealtime(): jest.Mocked<Realtime> {
  return { start: jest.fn(), stop: jest.fn(), running: false } as jest.Mocked<Realtime>;
}

/**
 * Shell services over a loader the test controls, mocked answers checked against the contracts, and a
 * socket that never opens. `api` holds the answers (and records the calls); `serverFailures` sees the
 * answers that did not match their schema.
 */
export function fakeServices(loader: Partial<RemoteLoader> = {}) {
  const bus = createBus();
  const api = fakeApi();
  const serverFailures = jest.fn();
  const checkedApi = contractCheckedApi(api, serverFailures);
  const popupStore = createPopupStore();
  const reportFailure = jest.fn();
  const navigate = jest.fn();
  const reloadPage = jest.fn();
  const session = createSession();
  const versions = createStore<ShellVersions>({ socketProtocol: null });
  const realtime = fakeRealtime();
  const scheduled: { fn: () => void; ms: number }[] = [];
  const account = createAccount({
    api: checkedApi,
    host: { session, navigate },
    bus,
    tokens: localTokenStore(),
    popups: popupStore.controller,
    realtime,
    schedule: (fn, ms) => void scheduled.push({ fn, ms }),
  });
  const host: ShellHost = {
    contractVersion: hostContractVersion,
    api: checkedApi,
    bus,
    session,
    account: { patch: account.patch, reload: account.reload, logout: account.logout },
    popups: popupStore.controller,
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
    loader: fullLoader,
    reportFailure,
    popupStore,
    versions,
    setNavigate: () => undefined,
    reloadPage,
  };
  return {
    services,
    api,
    serverFailures,
    reportFailure,
    navigate,
    reloadPage,
    popupStore,
    realtime,
    scheduled,
    versions,
  };
}
