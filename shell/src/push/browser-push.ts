/** What the page needs of the browser for push: missing where it has no service workers, push or notifications. */
export interface BrowserPush {
  serviceWorker: Pick<ServiceWorkerContainer, 'register' | 'ready'>;
  notification: {
    readonly permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
  };
}

/** This browser's, or null: service workers need a secure page (https, or localhost). */
export function browserPush(): BrowserPush | null {
  if (!window.isSecureContext || !('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  if (typeof Notification === 'undefined') return null;
  return { serviceWorker: navigator.serviceWorker, notification: Notification };
}
