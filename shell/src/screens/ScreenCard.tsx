import type { ReactNode } from 'react';
import styles from './Screen.module.css';

/** The centred card the shell's own screens use, inside the layout's main landmark. */
export function ScreenCard({
  badge,
  tone = 'normal',
  title,
  children,
}: {
  badge: string;
  tone?: 'normal' | 'danger';
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.screen}>
      <div className={styles.card}>
        <span
          className={tone === 'danger' ? `${styles.badge} ${styles.badgeDanger}` : styles.badge}
          aria-hidden="true"
        >
          {badge}
        </span>
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

export { styles as screenStyles };
