import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styles from './Page.module.css';

export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
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
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.tab} ${styles.active}` : styles.tab;

/** A row of filter or section tabs; each is a link, so the URL keeps the choice. */
export function Tabs({ label, items }: { label: string; items: readonly NavItem[] }) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={tabClass}>
          {item.label}
        </NavLink>
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
  return (
    <div className={styles.split}>
      <nav aria-label={label} className={styles.sideNav}>
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className={tabClass}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div>{children}</div>
    </div>
  );
}
