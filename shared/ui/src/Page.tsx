import { type ReactNode, useRef } from 'react';
import { Link, NavLink, useLocation } from '@cove/router';
import styles from './Page.module.css';
import { useCurrentInView } from './use-current-in-view';
import { useDocumentTitle } from './use-document-title';

/** A remote screen's frame: its heading, and the browser tab named after it (or `documentTitle`). */
export function Page({
  title,
  documentTitle,
  subtitle,
  actions,
  children,
}: {
  title: string;
  /** The tab's screen name when it differs from the heading, e.g. the section a nested route shows. */
  documentTitle?: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

export interface NavItem {
  to: string;
  label: string;
  /** Only an exact match marks it current (for index tabs). */
  end?: boolean;
  /** Decides "current" itself, for tabs that differ only in their query string. */
  current?: boolean;
  /** A total shown after the label (chat tabs' counts). */
  count?: number;
}

export function Label({ item }: { item: NavItem }) {
  return (
    <>
      {item.label}
      {item.count !== undefined && item.count > 0 && <span className={styles.count}> {item.count}</span>}
    </>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.tab} ${styles.active}` : styles.tab;

function TabLink({ item }: { item: NavItem }) {
  if (item.current === undefined) {
    return (
      <NavLink to={item.to} end={item.end} className={tabClass}>
        <Label item={item} />
      </NavLink>
    );
  }
  return (
    <Link
      to={item.to}
      className={tabClass({ isActive: item.current })}
      aria-current={item.current ? 'page' : undefined}
    >
      <Label item={item} />
    </Link>
  );
}

/** A row of filter or section tabs; each is a link, so the URL keeps the choice. */
export function Tabs({ label, items }: { label: string; items: readonly NavItem[] }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {items.map((item) => (
        <TabLink key={item.to} item={item} />
      ))}
    </nav>
  );
}

/** Section navigation beside the content on wide screens, above it on narrow ones. */
export function SplitLayout({
  label,
  items,
  children,
}: {
  label: string;
  items: readonly NavItem[];
  children: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On narrow screens the sections are one scrolling row: keep the current one in view.
  useCurrentInView(nav, '[aria-current="page"]', pathname);
  return (
    <div className={styles.split}>
      <nav aria-label={label} className={styles.sideNav} ref={nav}>
        {items.map((item) => (
          <TabLink key={item.to} item={item} />
        ))}
      </nav>
      <div>{children}</div>
    </div>
  );
}
