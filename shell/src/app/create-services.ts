import { getInstance, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { hostContractVersion, type HostContext } from '@cove/contracts';
import { createApiClient, createBus, createSession, localTokenStore } from '@cove/runtime';
import { createRemoteLoader, type FederationRuntime } from '../federation/remote-loader';
import { createFailureReporter } from '../federation/report';
import { createPopupStore } from '../popups/popup-store';
import type { ShellServices } from './shell-context';

const federationRuntime: FederationRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};

/** Everything the shell owns, made once at boot. */
export function createServices(): ShellServices {
  if (!getInstance()) throw new Error('The Module Federation runtime did not start');
  let navigate: HostContext['navigate'] = (to) => window.location.assign(to);
  const bus = createBus();
  const tokens = localTokenStore();
  const popupStore = createPopupStore();
  const api = createApiClient({
    tokens,
    onMaintenance: () => host.navigate('/maintenance', { replace: true }),
    onServerFailure: (failure) => console.warn('API failure', failure),
    // A forbidden or locked answer clears the popups that led to it (spec section 6).
    onForbidden: () => popupStore.controller.closeAll(),
  });
  const host: HostContext = {
    contractVersion: hostContractVersion,
    api,
    bus,
    session: createSession(),
    popups: popupStore.controller,
    navigate: (to, options) => navigate(to, options),
  };
  return {
    host,
    bus,
    loader: createRemoteLoader(federationRuntime),
    reportFailure: createFailureReporter(api),
    popupStore,
    setNavigate: (fn) => {
      navigate = fn;
    },
  };
}
