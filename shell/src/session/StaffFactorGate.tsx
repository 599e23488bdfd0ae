import { securityStatus } from '@cove/contracts';
import { isApiError, useStore } from '@cove/runtime';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@cove/router';
import { useShell } from '../services/shell-context';

/** Where a person sets up their second factor (the account remote's security screen). */
export const securityPath = '/account/security';

/**
 * Staff and release managers must have a second factor (docs/rules.md, Second factor): such a session
 * that has not passed one is led to set it up before anything else, whatever page it opens. The server
 * refuses their routes to such a session anyway (`mustHaveFactor`, `requireRole`); this only shows the
 * way. Once passed, nothing more is asked.
 */
export function StaffFactorGate() {
  const { host } = useShell();
  const { user } = useStore(host.session);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const staffId = user && (user.is_staff || user.is_staff_mo || user.is_release_manager) ? user._id : null;
  const passed = useRef<string | null>(null);

  useEffect(() => {
    if (!staffId || passed.current === staffId || pathname === securityPath) return;
    const controller = new AbortController();
    host.api
      .get('/v1/account/security', { schema: securityStatus, signal: controller.signal })
      .then((status) => {
        if (status.session_passed) passed.current = staffId;
        else void navigate(securityPath, { replace: true });
      })
      .catch((err: unknown) => {
        if (!(isApiError(err) && err.aborted)) console.warn('Security status did not load', err);
      });
    return () => controller.abort();
  }, [host, staffId, pathname, navigate]);
  return null;
}
