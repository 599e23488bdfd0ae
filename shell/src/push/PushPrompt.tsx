import { localTokenStore, useStore } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useEffect, useState } from 'react';
import { useShell } from '../services/shell-context';
import { type BrowserPush, browserPush } from './browser-push';
import { promptMemory } from './prompt-memory';
import styles from './PushPrompt.module.css';
import { createShellPush } from './shell-push';

/**
 * Push notifications for the page's life: the service worker kept told of the session, and, while the
 * browser's permission is still `default` and the person has not put it off, an offer to turn them on.
 * The browser's own permission prompt comes only from the person's click (browsers ignore or penalise
 * unprompted asks). A permission the browser blocks is explained once, with how to change it.
 */
export function PushPrompt({ browser = browserPush() }: { browser?: BrowserPush | null }) {
  const { host, bus, counts } = useShell();
  const [push] = useState(() =>
    createShellPush({
      browser,
      api: host.api,
      bus,
      session: host.session,
      onUnread: counts.onMessages,
      token: () => localTokenStore().get(),
      apiRoot: window.location.origin,
      debug: localStorage.getItem('cove-debug-push') === 'true',
    }),
  );
  useEffect(() => push.start(), [push]);
  const { permission } = useStore(push.state);
  const { status } = useStore(host.session);
  // What the page started with: a refusal made here, just now, needs no explaining.
  const [initial] = useState(permission);
  const [putOff, setPutOff] = useState(() => promptMemory.isPutOff());
  const [explained, setExplained] = useState(() => promptMemory.blockExplained());
  const [busy, setBusy] = useState(false);

  // Shown from the first paint when a session is being restored, so the page does not shift down once
  // the account has loaded; a token that turns out stale signs out and takes it away.
  const signedIn = status === 'signed-in' || (status === 'unknown' && localTokenStore().get() !== null);
  if (!signedIn) return null;
  if (permission === 'denied' && initial === 'denied' && !explained)
    return (
      <aside className={styles.prompt} aria-label="Notifications">
        <p className={styles.text}>
          Notifications are blocked for Cove in this browser. To get them, open the site settings (the icon
          beside the address bar), allow Notifications, and reload the page.
        </p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              promptMemory.explainedBlock();
              setExplained(true);
            }}
          >
            Got it
          </Button>
        </div>
      </aside>
    );
  if (permission !== 'default' || putOff) return null;
  return (
    <aside className={styles.prompt} aria-label="Notifications">
      <p className={styles.text}>Get notified when someone messages you, even when Cove is closed.</p>
      <div className={styles.actions}>
        <Button
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void push
              .enable()
              .catch((err: unknown) => console.warn('Push: turning on failed', err))
              .finally(() => setBusy(false));
          }}
        >
          Turn on notifications
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            promptMemory.putOff();
            setPutOff(true);
          }}
        >
          Not now
        </Button>
      </div>
    </aside>
  );
}
