import { hostContractVersion, type ApiClient, type HostContext, type RemoteName } from '@cove/contracts';
import { createBus, createSession } from '@cove/runtime';
import type { ShellServices } from '../app/shell-context';
import type { LoadedRemote, RemoteLoader } from '../federation/remote-loader';
import { createPopupStore } from '../popups/popup-store';

/** An API client whose every call is a jest mock resolving to undefined. */
export function fakeApi(): jest.Mocked<ApiClient> {
  const ok = () => jest.fn(async () => undefined as never);
  const api = { request: ok(), get: ok(), post: ok(), put: ok(), patch: ok(), delete: ok() };
  return api as unknown as jest.Mocked<ApiClient>;
}

/** Shell services over a loader the test controls. */
export function fakeServices(loader: Partial<RemoteLoader> = {}) {
  const bus = createBus();
  const api = fakeApi();
  const popupStore = createPopupStore();
  const reportFailure = jest.fn();
  const navigate = jest.fn();
  const host: HostContext = {
    contractVersion: hostContractVersion,
    api,
    bus,
    session: createSession(),
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
    loader: fullLoader,
    reportFailure,
    popupStore,
    setNavigate: () => undefined,
  };
  return { services, api, reportFailure, navigate, popupStore };
}
