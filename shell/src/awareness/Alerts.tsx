import { useEffect, useRef, useState } from 'react';
import { Link } from '@cove/router';
import { alertTiming, type Alert } from './alert-rules';
import styles from './Alerts.module.css';
import { useAlerts } from './use-alerts';

/** One alert: it leaves by itself after a few seconds, but not while the pointer or focus is on it. */
function AlertCard({ alert, onDismiss }: { alert: Alert; onDismiss(id: string): void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = card.current;
    if (!el) return;
    const on: [string, EventListener][] = [
      ['mouseenter', () => setHovered(true)],
      ['mouseleave', () => setHovered(false)],
      ['focusin', () => setFocused(true)],
      ['focusout', (e) => setFocused(el.contains((e as FocusEvent).relatedTarget as Node | null))],
    ];
    on.forEach(([type, fn]) => el.addEventListener(type, fn));
    return () => on.forEach(([type, fn]) => el.removeEventListener(type, fn));
  }, []);
  const { id } = alert;
  const dismiss = () => onDismiss(id);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => onDismiss(id), alertTiming.showMs);
    return () => window.clearTimeout(timer);
  }, [held, id, onDismiss]);
  return (
    <li className={styles.alert} ref={card}>
      <div className={styles.text}>
        <strong className={styles.title}>{alert.title}</strong>
        <span className={styles.body}>{alert.body}</span>
      </div>
      <Link to={alert.to} className={styles.open} onClick={dismiss}>
        Open
      </Link>
      <button type="button" className={styles.close} aria-label={`Dismiss ${alert.title}`} onClick={dismiss}>
        ×
      </button>
    </li>
  );
}

/**
 * The in-app alerts, over every screen. The list is a polite live region, there before any alert,
 * so screen readers read each new one once the person is between things.
 */
export function Alerts() {
  const { alerts, dismiss } = useAlerts();
  return (
    <ul className={styles.stack} aria-live="polite" aria-label="Alerts">
      {alerts.map((a) => (
        <AlertCard key={a.id} alert={a} onDismiss={dismiss} />
      ))}
    </ul>
  );
}
