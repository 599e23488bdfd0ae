import type { ReactNode } from 'react';
import styles from './LockedLabel.module.css';

/**
 * Text laid over a locked item's blurred preview (what it is, its price). The preview may be any
 * picture, white included, so the text sits on its own dark scrim: readable at WCAG AA on any image.
 */
export function LockedLabel({ children }: { children: ReactNode }) {
  return <span className={styles.label}>{children}</span>;
}
