import { hostContractVersion, type ApiClient, type HostContext, type RemoteName } from '@cove/contracts';
import { createBus, createSession, localTokenStore } from '@cove/runtime';
import type { ShellServices } from '../app/shell-context';
import type { LoadedRemote, RemoteLoader } from '../federation/remote-loader';
import { createPopupStore } from '../popups/popup-store';
import type { Realtime } from '../realtime/connection';
import { createAccount } from '../session/account';

/** An API client whose every call is a jest mock resolving to undefined. */
export function fakeApi(): jest.Mocked<ApiClient> {
  const ok = () => jest.fn(async () => undefined as never);
  const api = { request: ok(), get: ok(), post: ok(), put: ok(), patch: ok(), delete: ok() };
  return api as unknown as jest.Mocked<ApiClient>;
}

export function fakeRealtime(): jest.Mocked<Realtime> {
  return { start: jest.fn(), stop: jest.fn(), running: false } as jest.Mocked<Realtime>;
}

/** Shell services over a loader the test controls, a mocked API and a socket that never opens. */
export function fakeServices(loader: Partial<RemoteLoader> = {}) {
  const bus = createBus();
  const api = fakeApi();
  const popupStore = createPopupStore();
  const reportFailure = jest.fn();
  const navigate = jest.fn();
  const session = createSession();
  const realtime = fakeRealtime();
  const scheduled: { fn: () => void; ms: number }[] = [];
  const account = createAccount({
    api,
    host: { session, navigate },
    bus,
    tokens: localTokenStore(),
    popups: popupStore.controller,
    realtime,
    schedule: (fn, ms) => void scheduled.push({ fn, ms }),
  });
  const host: HostContext = {
    contractVersion: hostContractVersion,
    api,
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
    setNavigate: () => undefined,
  };
  return { services, api, reportFailure, navigate, popupStore, realtime, scheduled };
}
