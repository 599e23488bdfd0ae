import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

/** What a screen shows when it has nothing to show yet, said plainly. */
export function EmptyState({
  icon,
  title,
  children,
  actions,
}: {
  icon?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <h2 className={styles.title}>{title}</h2>
      {children && <p className={styles.body}>{children}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
