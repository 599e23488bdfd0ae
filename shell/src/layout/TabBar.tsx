import { useStore } from '@cove/runtime';
import { Link, useLocation } from '@cove/router';
import { CountBadge } from '../awareness/CountBadge';
import { useShell } from '../services/shell-context';
import { tabItems, type Tab } from './tab-items';
import styles from './TabBar.module.css';

const icons: Record<Tab['icon'], string> = {
  home: 'M4 11 12 4l8 7v9h-5v-6H9v6H4v-9Z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  chats: 'M4 5h16v11H9l-5 4V5Z',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z M10 20a2 2 0 0 0 4 0',
  account: 'M12 8a4 4 0 1 0 0 .01M4 20c1-4 4-6 8-6s7 2 8 6',
};

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The phone's bottom tabs (under 640 px, signed in), in place of the header's menu. */
export function TabBar() {
  const { host, counts } = useShell();
  const session = useStore(host.session);
  const live = useStore(counts.state);
  const { pathname } = useLocation();
  if (session.status !== 'signed-in' || !session.user) return null;
  const tabs = tabItems(session.user);
  return (
    <nav aria-label="Tabs" className={styles.bar} data-tabbar="">
      {tabs.map((t) => {
        const here = within(pathname, t.to);
        return (
          <Link
            key={t.to}
            to={t.to}
            className={here ? `${styles.tab} ${styles.current}` : styles.tab}
            aria-current={here ? 'page' : undefined}
          >
            <span className={styles.iconBox}>
              <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
                <path d={icons[t.icon]} />
              </svg>
            </span>
            {t.label}
            {t.count && <CountBadge count={live[t.count]} label="unread" className={styles.count} />}
          </Link>
        );
      })}
    </nav>
  );
}
