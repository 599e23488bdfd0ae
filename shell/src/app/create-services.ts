import { getInstance, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { hostContractVersion, type HostContext } from '@cove/contracts';
import { createApiClient, createStore, localTokenStore } from '@cove/runtime';
import { createBus, createOutbox, createSession, pageFirstReads } from '@cove/runtime/shell';
import { canaryId } from '../federation/browser-ids';
import { withDevRemotes, type DevRemotes } from '../federation/dev-remotes';
import { createHealthReporter, watchClientErrors } from '../federation/health-report';
import { createHealthTokens } from '../federation/health-token';
import { createRemoteLoader, type FederationRuntime } from '../federation/remote-loader';
import { createFailureReporter } from '../federation/report';
import { createCounts } from '../awareness/counts';
import { createPopupStore } from '../services/popup-store';
import { createRealtime } from '../realtime/connection';
import type { ShellAccount } from '../services/shell-account';
import { createAccount } from '../session/account';
import type { ShellHost, ShellServices, ShellVersions } from '../services/shell-context';

const federationRuntime: FederationRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};

/** Everything the shell owns, made once at boot; `devRemotes` run from a developer's dev server. */
export function createServices(devRemotes: DevRemotes): ShellServices {
  if (!getInstance()) throw new Error('The Module Federation runtime did not start');
  let navigate: HostContext['navigate'] = (to) => window.location.assign(to);
  const bus = createBus();
  const tokens = localTokenStore();
  const popupStore = createPopupStore();
  const session = createSession();
  const versions = createStore<ShellVersions>({ socketProtocol: null });
  // The client, the socket and the account call each other; `account` is set right below.
  let account: ShellAccount | null = null;
  let counts: ShellServices['counts'] | null = null;
  const api = createApiClient({
    tokens,
    firstReads: pageFirstReads(),
    onMaintenance: () => host.navigate('/maintenance', { replace: true }),
    onServerFailure: (failure) => console.warn('API failure', failure),
    // A forbidden or locked answer clears popups, and may end the session (spec section 6).
    onForbidden: (error) => account?.forbidden(error),
    // Only when the refused token is still the one stored: a newer sign-in is not undone by an old call.
    onUnauthorized: (token) => tokens.get() === token && account?.end('expired'),
  });
  const realtime = createRealtime({
    bus,
    token: () => tokens.get(),
    onRefused: (reason) => (reason === 'banned' ? account?.banned() : account?.end('expired')),
    onFresh: () => {
      void account?.reload().catch((err: unknown) => console.warn('Reload failed', err));
      // Events may have been missed: the totals are read again too.
      void counts?.refresh();
    },
    // The remotes' areas say the page needs reloading (see RemoteSlot).
    onProtocolMismatch: (protocol) => {
      versions.socketProtocol = protocol;
    },
  });
  const nav: HostContext['navigate'] = (to, options) => navigate(to, options);
  account = createAccount({
    api,
    host: { session, navigate: nav },
    bus,
    tokens,
    popups: popupStore.controller,
    realtime,
  });
  const shellAccount = account;
  const hostAccount: ShellHost['account'] = {
    patch: (changes) => shellAccount.patch(changes),
    reload: () => shellAccount.reload(),
    logout: () => shellAccount.logout(),
  };
  // Opened for whoever signs in (`keepOutboxOpen`); one flush at a time across the person's tabs.
  const outbox = createOutbox({
    host: { api, bus, session, account: hostAccount, popups: popupStore.controller },
    locks: 'locks' in navigator ? navigator.locks : undefined,
  });
  const host: ShellHost = {
    contractVersion: hostContractVersion,
    api,
    bus,
    session,
    account: hostAccount,
    popups: popupStore.controller,
    outbox,
    navigate: nav,
  };
  counts = createCounts({ api, bus, session });
  // Each remote version's loads and failures are counted, so a bad canary rolls itself back.
  const health = createHealthReporter(api, createHealthTokens(api), new Set(devRemotes.keys()));
  watchClientErrors(window, health);
  const reportFailure = createFailureReporter(api);
  return {
    host,
    bus,
    account: shellAccount,
    outbox,
    loader: createRemoteLoader(withDevRemotes(federationRuntime, devRemotes), undefined, {
      browserId: canaryId(),
      onLoaded: health.loaded,
    }),
    reportFailure: (failure) => {
      reportFailure(failure);
      health.failed(failure);
    },
    popupStore,
    counts,
    versions,
    setNavigate: (fn) => {
      navigate = fn;
    },
    reloadPage: () => window.location.reload(),
  };
}
