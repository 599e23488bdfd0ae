import { hasCode } from '@cove/contracts';
import { errorMessage, isApiError } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@cove/router';
import { useShell } from '../../services/shell-context';
import { ScreenCard, screenStyles } from '../ScreenCard';

/**
 * `/login?step=code`: after the link, a person with an authenticator app enters its code (or one of
 * their recovery codes) to finish signing in. Too many wrong codes end this sign-in: back to the form.
 */
export function SecondStep() {
  const { account } = useShell();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setError('Enter the code from your authenticator app.');
    setSending(true);
    try {
      void navigate(await account.finishSecondStep(value), { replace: true });
    } catch (err) {
      if (!account.hasSecondStep()) {
        const notice =
          isApiError(err) && hasCode(err, 'factor_locked') ? errorMessage(err) : 'Please sign in again.';
        void navigate('/login', { replace: true, state: { notice, tone: 'error' } });
        return;
      }
      setError(errorMessage(err));
      setCode('');
      setSending(false);
    }
  }

  return (
    <ScreenCard badge="🔑" title="Enter your sign-in code">
      <p>Open your authenticator app and enter the 6-digit code it shows for Cove.</p>
      <form onSubmit={(e) => void submit(e)} noValidate className={screenStyles.form}>
        <label className={screenStyles.field}>
          Authenticator code
          <input
            className={kit.input}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby="second-step-hint"
          />
        </label>
        <p id="second-step-hint" className={kit.hint}>
          No phone at hand? Enter one of your recovery codes instead.
        </p>
        {error && (
          <p className={screenStyles.error} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Checking…' : 'Sign in'}
        </Button>
      </form>
    </ScreenCard>
  );
}
