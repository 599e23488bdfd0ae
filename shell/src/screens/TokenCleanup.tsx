import { useDocumentTitle } from '@cove/ui';
import { tokenKey } from '@cove/runtime';
import { bannedFlagKey } from '../session/stored-flags';
import { useEffect, useState } from 'react';
import { ScreenCard } from './ScreenCard';

export { bannedFlagKey };
const countdownSeconds = 5;
/** Long enough for 'Clearing token...' to be read. */
const clearingShownMs = 400;

/** Clears what a ban left in this browser, then returns to the main site after a 5-second countdown. */
export function TokenCleanup({ onDone = () => window.location.assign('/') }: { onDone?: () => void }) {
  useDocumentTitle('Clearing token');
  const [cleared, setCleared] = useState(false);
  const [left, setLeft] = useState(countdownSeconds);

  useEffect(() => {
    try {
      // Reached from a ban, the stored token is dead; reached after signing in once unbanned, it is new.
      if (window.localStorage.getItem(bannedFlagKey) === 'true') window.localStorage.removeItem(tokenKey);
      window.localStorage.removeItem(bannedFlagKey);
    } catch {
      // Storage may be blocked; there is then nothing stored to clear.
    }
    const timer = window.setTimeout(() => setCleared(true), clearingShownMs);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!cleared) return;
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cleared, left, onDone]);

  if (!cleared) {
    return (
      <ScreenCard badge="🧹" title="Clearing token...">
        <p>One moment.</p>
      </ScreenCard>
    );
  }
  return (
    <ScreenCard badge="✅" title="You have been successfully unbanned.">
      <p role="status">
        Redirecting in {left} {left === 1 ? 'second' : 'seconds'}
      </p>
    </ScreenCard>
  );
}
