import { useEffect, useRef, useState } from 'react';
import styles from './Thread.module.css';

const minute = 60_000;

function left(ms: number): string {
  if (ms < minute) return 'less than a minute';
  const hours = Math.floor(ms / (60 * minute));
  const minutes = Math.floor((ms % (60 * minute)) / minute);
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}

/**
 * A self-destructing message's clock: how long until it goes once read or bought, or that it will go
 * 24 hours after. `onExpired` runs when the time is up, so the message leaves without waiting for news.
 */
export function SelfDestruct({ destructAt, onExpired }: { destructAt: string | null; onExpired(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const at = destructAt ? new Date(destructAt).getTime() : null;
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });
  useEffect(() => {
    if (at === null) return undefined;
    if (at <= now) {
      expired.current();
      return undefined;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now, minute));
    return () => clearTimeout(timer);
  }, [at, now]);
  return (
    <span className={styles.destruct}>
      <span aria-hidden="true">⏱ </span>
      {at === null ? 'Disappears 24 hours after it is opened' : `Disappears in ${left(at - now)}`}
    </span>
  );
}
