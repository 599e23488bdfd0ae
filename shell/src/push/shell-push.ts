import {
  pushEnabledNotice,
  pushKeyResponse,
  subscriptionResult,
  type ApiClient,
  type ServiceWorkerMessage,
  type SessionState,
} from '@cove/contracts';
import { createStore } from '@cove/runtime';
import type { OwnedBus } from '@cove/runtime/shell';
import type { BrowserPush } from './browser-push';

/** Where the shell serves the worker: at the root, so its scope is the whole site. */
export const serviceWorkerUrl = '/service-worker.js';
/** How long the worker may take to subscribe and hand the subscription to the server. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushPermission = NotificationPermission | 'unsupported';

export interface ShellPushDeps {
  browser: BrowserPush | null;
  api: ApiClient;
  bus: OwnedBus;
  session: SessionState;
  /** Follows the unread messages total (returns the stop): the installed app's badge shows it. */
  onUnread(listener: (count: number) => void): () => void;
  /** The stored access token, which the worker sends with the subscription. */
  token(): string | null;
  /** The API's origin as the worker calls it. */
  apiRoot: string;
  /** The worker logs its steps. */
  debug: boolean;
}

export interface ShellPush {
  /** A store: the permission the prompt is shown for (only while `default`). */
  state: { permission: PushPermission };
  /** Registers the worker and keeps it told of the session and the unread count; returns the stop. */
  start(): () => void;
  /** After the person's click: asks for permission, subscribes, and says notifications are on. */
  enable(): Promise<void>;
}

/** The shell's side of push (docs/rules.md, "Push notifications"), speaking the spec's worker messages. */
export function createShellPush(deps: ShellPushDeps): ShellPush {
  const { browser, api, bus, session } = deps;
  const state = createStore<{ permission: PushPermission }>({
    permission: browser ? browser.notification.permission : 'unsupported',
  });
  let worker: Promise<ServiceWorker | null> | null = null;
  let publicKey: Promise<string> | null = null;

  const post = async (message: ServiceWorkerMessage, transfer: Transferable[] = []) => {
    const active = await worker;
    active?.postMessage(message, transfer);
    return active !== null && active !== undefined;
  };

  /** Asks the worker to subscribe; resolves with whether the server now has the subscription. */
  async function ensureSubscription(): Promise<boolean> {
    const channel = new MessageChannel();
    const answer = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SUBSCRIBE_TIMEOUT_MS);
      channel.port1.onmessage = (e: MessageEvent) => {
        clearTimeout(timer);
        channel.port1.close();
        resolve(subscriptionResult.safeParse(e.data).data?.ok ?? false);
      };
    });
    if (!(await post({ type: 'ensureSubscription' }, [channel.port2]))) return false;
    return answer;
  }

  /** Describes the session to the worker; with permission, subscribes. Resolves with whether the server has it. */
  async function signedIn(): Promise<boolean> {
    const user = session.user;
    const token = deps.token();
    if (!browser || !user || !token) return false;
    publicKey ??= api.get('/v1/push/key', { schema: pushKeyResponse }).then((r) => r.public_key);
    await post({
      type: 'setup',
      user_id: user._id,
      username: user.username,
      access_token: token,
      api_root: deps.apiRoot,
      debug: deps.debug,
      push_public_key: await publicKey,
    });
    return browser.notification.permission === 'granted' && ensureSubscription();
  }

  const warn = (what: string) => (err: unknown) => console.warn(`Push: ${what} failed`, err);

  return {
    state,
    start() {
      if (!browser) return () => undefined;
      worker ??= browser.serviceWorker
        .register(serviceWorkerUrl, { scope: '/' })
        .then(() => browser.serviceWorker.ready)
        .then((registration) => registration.active)
        .catch((err: unknown) => {
          warn('registering the service worker')(err);
          return null;
        });
      if (session.status === 'signed-in') void signedIn().catch(warn('setup'));
      const sessions = bus.shell$.subscribe((e) => {
        if (e.type !== 'session.changed') return;
        if (e.status === 'signed-in') void signedIn().catch(warn('setup'));
        if (e.status === 'signed-out') void post({ type: 'logout' }).catch(warn('logout'));
      });
      // The worker clears the badge at 0; signed out, `logout` clears it.
      const stopUnread = deps.onUnread((count) => {
        if (session.status === 'signed-in')
          void post({ type: 'updateBadge', count }).catch(warn('updating the badge'));
      });
      return () => {
        sessions.unsubscribe();
        stopUnread();
      };
    },
    async enable() {
      if (!browser) return;
      state.permission = await browser.notification.requestPermission();
      if (state.permission !== 'granted') return;
      if (!(await signedIn())) return;
      await post({
        type: 'internalNotification',
        subject: pushEnabledNotice.title,
        body: pushEnabledNotice.body,
      });
    },
  };
}
