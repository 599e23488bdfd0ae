import { useFrameBatch } from '@cove/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '@cove/router';
import { useShell } from '../services/shell-context';
import { alertTiming, alertsFor, messageAlert, saleAlert, type Alert, type NewMessage } from './alert-rules';
import { senderNames } from './sender-names';

/**
 * The alerts on screen, newest last, at most `alertTiming.maxShown`: new messages whose chat is not
 * shown and, for creators, their sales. Going to an alert's page takes it away.
 */
export function useAlerts(): { alerts: Alert[]; dismiss(id: string): void } {
  const { host, bus } = useShell();
  const { pathname } = useLocation();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const where = useRef(pathname);
  const [nameOf] = useState(() => senderNames(host.api));

  // Arriving at an alert's page takes it away (set while rendering, as React advises for derived state).
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setAlerts((now) => now.filter((a) => a.to !== pathname));
  }
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);

  const add = useCallback(
    (alert: Alert) =>
      setAlerts((now) => [...now.filter((a) => a.id !== alert.id), alert].slice(-alertTiming.maxShown)),
    [],
  );
  // A frame's messages at once: only the newest few can be on screen, so only their senders' names
  // are read, and a busy inbox (a thousand messages a second) changes the stack once a frame.
  const onMessages = useFrameBatch<NewMessage>((events) => {
    const me = host.session.user?._id;
    if (!me) return;
    const shown = events.filter((e) => alertsFor(e, me, where.current)).slice(-alertTiming.maxShown);
    for (const event of shown)
      void nameOf(event.message.sender_id).then((name) => {
        // The chat may have been opened while the name was on its way.
        if (alertsFor(event, me, where.current)) add(messageAlert(event.message, name));
      });
  });

  useEffect(() => {
    const messages = bus.on('new_message').subscribe(onMessages);
    const sales = bus.on('notification').subscribe(({ notification }) => {
      if (host.session.user?.type !== 'featured' || notification.read) return;
      const alert = saleAlert(notification);
      if (alert) add(alert);
    });
    return () => {
      messages.unsubscribe();
      sales.unsubscribe();
    };
  }, [bus, host, add, onMessages]);

  const dismiss = useCallback((id: string) => setAlerts((now) => now.filter((a) => a.id !== id)), []);
  return { alerts, dismiss };
}
