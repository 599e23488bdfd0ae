/**
 * Cove's service worker, built to `/service-worker.js` (see rspack.config.ts). It shows pushes and
 * keeps the browser's push subscription in step with the signed-in session, told by the page with the
 * spec's messages: setup, ensureSubscription, logout, updateBadge, internalNotification.
 */
import type { PushPayload, ServiceWorkerMessage } from '@cove/contracts';

/** The parts of the worker's scope used here: the shell's TypeScript knows the DOM, not workers. */
interface WorkerEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: ServiceWorkerMessage;
  ports: readonly MessagePort[];
}
interface PushEvent extends WorkerEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends WorkerEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'install' | 'activate' | 'pushsubscriptionchange',
    listener: (event: WorkerEvent) => void,
  ): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}
type BadgeNavigator = Navigator & {
  setAppBadge?(count: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
};

declare const self: WorkerScope;

type Setup = Extract<ServiceWorkerMessage, { type: 'setup' }>;
/** The session the page last described; gone when the worker restarts, until the page's next setup. */
let session: Setup | null = null;

const log = (...args: unknown[]) => {
  // The debug hook of `setup`: the worker's steps in the console, as warnings so they show by default.
  if (session?.debug) console.warn('[cove worker]', ...args);
};

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((v, i) => v === b[i]);
}

/**
 * Subscribes this browser with the server's key (again, when the key changed) and hands the
 * subscription to the server for the signed-in session. Answers whether the server has it.
 */
async function ensureSubscription(): Promise<boolean> {
  const current = session;
  if (!current || Notification.permission !== 'granted') return false;
  const key = keyBytes(current.push_public_key);
  const push = self.registration.pushManager;
  let subscription = await push.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await push.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const res = await fetch(`${current.api_root}/v1/push/subscriptions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'access-token': current.access_token,
      'web-type': 'react',
    },
    body: JSON.stringify(subscription.toJSON()),
  });
  log('subscription saved', res.status);
  return res.ok;
}

/** Signed out: this browser stops receiving pushes (the server no longer pushes to the ended session either). */
async function logout(): Promise<void> {
  session = null;
  const subscription = await self.registration.pushManager.getSubscription();
  await subscription?.unsubscribe();
  await (navigator as BadgeNavigator).clearAppBadge?.();
}

async function updateBadge(count: number): Promise<void> {
  const badges = navigator as BadgeNavigator;
  await (count > 0 ? badges.setAppBadge?.(count) : badges.clearAppBadge?.());
}

self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const message = event.data;
  log('message', message.type);
  switch (message.type) {
    case 'setup':
      session = message;
      return;
    case 'ensureSubscription':
      event.waitUntil(
        ensureSubscription()
          .catch((err: unknown) => {
            log('subscribing failed', err);
            return false;
          })
          .then((ok) => event.ports[0]?.postMessage({ ok })),
      );
      return;
    case 'logout':
      event.waitUntil(logout());
      return;
    case 'updateBadge':
      event.waitUntil(updateBadge(message.count));
      return;
    case 'internalNotification':
      event.waitUntil(self.registration.showNotification(message.subject, { body: message.body }));
      return;
  }
});

self.addEventListener('push', (event) => {
  const payload = event.data?.json() as PushPayload | undefined;
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
    }),
  );
});

/** A click opens the notification's page in a Cove tab, one already open when there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  const target = new URL(url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs[0];
      if (!tab) return self.clients.openWindow(target);
      await tab.focus();
      return tab.navigate(target);
    }),
  );
});

/** The push service replaced the subscription: hand the new one to the server while the session lasts. */
self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(ensureSubscription()));
