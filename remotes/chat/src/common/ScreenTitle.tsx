import type { ReactNode } from 'react';
import styles from './ScreenTitle.module.css';

/** The heading of a chat screen (the list, broadcasts): one size for both. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
}
