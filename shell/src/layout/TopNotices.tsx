import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './TopNotices.module.css';

/**
 * The notices under the header (banners, the notifications offer). Their height is published as
 * `--cove-notices-height`, so a screen sized to the window (the chat) leaves room for them and its
 * composer is never pushed below the fold.
 */
export function TopNotices({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const root = document.documentElement.style;
    const publish = () => root.setProperty('--cove-notices-height', `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty('--cove-notices-height');
    };
  }, []);
  return (
    <div ref={box} className={styles.notices}>
      {children}
    </div>
  );
}
