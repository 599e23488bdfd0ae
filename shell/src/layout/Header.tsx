import { formatMoney, useStore } from '@cove/runtime';
import { isStaffMember } from '@cove/contracts';
import { Button, ButtonLink } from '@cove/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '@cove/router';
import { Bell } from '../awareness/Bell';
import { CountBadge } from '../awareness/CountBadge';
import { useShell } from '../services/shell-context';
import styles from './Header.module.css';
import { chatsPath, currentLink, headerLinks, type HeaderLink } from './nav-items';
import { useAvailableEarnings } from './use-available-earnings';

const linkClass = (isActive: boolean) => (isActive ? `${styles.link} ${styles.current}` : styles.link);

/** The header's links, in its bar and again in the narrow layout's menu; Chats with its unread count. */
function NavLinks({ links, current }: { links: HeaderLink[]; current: HeaderLink | undefined }) {
  const { counts } = useShell();
  const { messages } = useStore(counts.state);
  return links.map((l) => (
    <Link
      key={l.to}
      to={l.to}
      className={linkClass(l === current)}
      aria-current={l === current ? 'page' : undefined}
    >
      {l.label}
      {l.to === chatsPath && <CountBadge count={messages} label="unread" />}
    </Link>
  ));
}

export function Header() {
  const { host, account } = useShell();
  const session = useStore(host.session);
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = headerLinks(session);
  const current = currentLink(links, pathname);
  // Creators see what they can be paid; fans, the credits they can spend.
  const creatorId = session.user?.type === 'featured' ? session.user._id : null;
  const earnings = useAvailableEarnings(host, creatorId);

  useEffect(() => {
    if (!menuOpen) return;
    // Escape closes it and focus goes back to its button, not to the top of the page.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label="Cove home">
          <span className={styles.logo} aria-hidden="true">
            ◗
          </span>
          Cove
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <NavLinks links={links} current={current} />
        </nav>
        <div className={styles.end}>
          {session.status === 'signed-in' && (
            <>
              {creatorId ? (
                <span className={styles.credits} title="Your available earnings">
                  {earnings === null ? '…' : formatMoney(earnings)}
                </span>
              ) : session.user && isStaffMember(session.user) ? null : (
                <span className={styles.credits} title="Your balance">
                  {formatMoney(session.credits)}
                </span>
              )}
              <span className={styles.wideOnly}>
                <Bell />
              </span>
              <span className={styles.wideOnly}>
                <Button variant="ghost" onClick={() => void account.logout()}>
                  Log out
                </Button>
              </span>
            </>
          )}
          {session.status === 'signed-out' && (
            <span className={styles.wideOnly}>
              <ButtonLink to="/login">Sign in</ButtonLink>
            </span>
          )}
          {/* Signed in, the phone's tab bar takes the menu's place. */}
          <button
            ref={menuButton}
            type="button"
            className={
              session.status === 'signed-in' ? `${styles.menuButton} ${styles.signedIn}` : styles.menuButton
            }
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            ☰
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id={menuId} aria-label="Menu" className={styles.menu}>
          <NavLinks links={links} current={current} />
          {session.status === 'signed-out' && (
            <NavLink to="/login" className={({ isActive }) => linkClass(isActive)}>
              Sign in
            </NavLink>
          )}
          {session.status === 'signed-in' && (
            <button
              type="button"
              className={`${styles.link} ${styles.menuAction}`}
              onClick={() => void account.logout()}
            >
              Log out
            </button>
          )}
        </nav>
      )}
    </header>
  );
}
