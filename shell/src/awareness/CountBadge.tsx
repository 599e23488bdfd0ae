import { kit } from '@cove/ui';
import styles from './CountBadge.module.css';

/**
 * A count shown as a dot by its link (`className` places it, over an icon say); the words after it
 * are what screen readers hear.
 */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number;
  label: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <>
      <span className={className ? `${styles.badge} ${className}` : styles.badge} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className={kit.srOnly}>{`(${count} ${label})`}</span>
    </>
  );
}
