import type { ReactNode } from 'react';
import kit from './Kit.module.css';
import styles from './RowList.module.css';

/** A labelled list of boxed rows (saved cards, purchases, subscriptions). */
export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

/** One boxed row of a `RowList`: what leads it (a picture, a check box), then a `RowBody`. */
export function Row({ label, center, children }: { label: string; center?: boolean; children: ReactNode }) {
  return (
    <li className={center ? `${styles.row} ${styles.center}` : styles.row} aria-label={label}>
      {children}
    </li>
  );
}

/** A row's text beside what leads it, its lines stacked. */
export function RowBody({ children }: { children: ReactNode }) {
  return <div className={styles.body}>{children}</div>;
}

/** A line of a row's text: its first part at the start and the rest at the end, wrapping when narrow. */
export function RowLine({ children }: { children: ReactNode }) {
  return <div className={`${kit.bar} ${styles.line}`}>{children}</div>;
}
