import { kit } from '@cove/ui';
import styles from './CountBadge.module.css';

/** A count shown as a dot over its link; the words after it are what screen readers hear. */
export function CountBadge({
  count,
  label,
  corner = false,
}: {
  count: number;
  label: string;
  corner?: boolean;
}) {
  if (count <= 0) return null;
  return (
    <>
      <span className={corner ? `${styles.badge} ${styles.corner}` : styles.badge} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className={kit.srOnly}>{`(${count} ${label})`}</span>
    </>
  );
}
