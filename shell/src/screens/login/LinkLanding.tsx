import { errorMessage } from '@cove/runtime';
import { Spinner } from '@cove/ui';
import { useEffect } from 'react';
import { useNavigate } from '@cove/router';
import { useShell } from '../../services/shell-context';
import type { ShellAccount } from '../../services/shell-account';
import { ScreenCard } from '../ScreenCard';

/** One redemption per link token, however often the screen renders: a link works once. */
const redemptions = new Map<string, Promise<string>>();
function redeemOnce(account: ShellAccount, token: string): Promise<string> {
  let pending = redemptions.get(token);
  if (!pending) {
    pending = account.redeemLink(token);
    redemptions.set(token, pending);
  }
  return pending;
}

/** The emailed link lands here: sign in, then go where the person was heading (or home). */
export function LinkLanding({ token }: { token: string }) {
  const { account } = useShell();
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    redeemOnce(account, token).then(
      (to) => live && navigate(to, { replace: true }),
      // The link is spent or broken: back to the form (without the token), saying why.
      (err: unknown) =>
        live && navigate('/login', { replace: true, state: { notice: errorMessage(err), tone: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [account, navigate, token]);

  return (
    <ScreenCard badge="🔐" title="Signing you in…">
      <p role="status">Checking your sign-in link.</p>
      <Spinner size={50} />
    </ScreenCard>
  );
}
