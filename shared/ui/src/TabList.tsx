import { type KeyboardEvent, useRef } from 'react';
import { Link } from '@cove/router';
import { Label, type NavItem } from './Page';
import styles from './Page.module.css';
import { useCurrentInView } from './use-current-in-view';

const keySteps: Record<string, (at: number, last: number) => number> = {
  ArrowRight: (at, last) => (at === last ? 0 : at + 1),
  ArrowLeft: (at, last) => (at === 0 ? last : at - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * Filter tabs as one horizontally scrolling row: a tablist whose tabs are links (the URL keeps the
 * choice). Tab reaches the selected one; arrows, Home and End move between them, Enter opens one; the
 * selected tab is scrolled into view. Each item says itself whether it is `current`.
 */
export function TabList({
  label,
  items,
}: {
  label: string;
  items: readonly (NavItem & { current: boolean })[];
}) {
  const row = useRef<HTMLDivElement>(null);
  const selected = items.findIndex((i) => i.current);
  useCurrentInView(row, '[aria-selected="true"]', selected);
  const move = (e: KeyboardEvent<HTMLAnchorElement>) => {
    const step = keySteps[e.key];
    const tabs = [...(row.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(e.currentTarget);
    if (!step || at < 0) return;
    e.preventDefault();
    const next = tabs[step(at, tabs.length - 1)];
    next?.focus();
    next?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  return (
    <div role="tablist" aria-label={label} className={styles.tabs} ref={row}>
      {items.map((item, i) => (
        <Link
          key={item.to}
          to={item.to}
          role="tab"
          aria-selected={item.current}
          tabIndex={i === Math.max(selected, 0) ? 0 : -1}
          onKeyDown={move}
          className={item.current ? `${styles.tab} ${styles.active}` : styles.tab}
        >
          <Label item={item} />
        </Link>
      ))}
    </div>
  );
}
