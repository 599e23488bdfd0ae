import { Link, useLocation } from '@cove/router';
import styles from './Footer.module.css';

/** The page footer with the terms and privacy links; chats fill the screen, so they have none. */
export function Footer() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/chats')) return null;
  return (
    <footer className={styles.footer}>
      <nav aria-label="Legal" className={styles.links}>
        <Link to="/terms">Terms of Service</Link>
        <Link to="/privacy">Privacy Policy</Link>
      </nav>
      <span>Cove is for adults 18 and over.</span>
    </footer>
  );
}
