import { hasCode } from '@cove/contracts';
import { errorMessage, isApiError, passkeysSupported } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@cove/router';
import { useShell } from '../../services/shell-context';
import { ScreenCard, screenStyles } from '../ScreenCard';

/**
 * `/login?step=code`: after the link, a person with a second factor confirms it is them with one of
 * their passkeys, a code from their authenticator app, or one of their recovery codes. Too many wrong
 * tries end this sign-in: back to the form.
 */
export function SecondStep() {
  const { account } = useShell();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<'code' | 'passkey' | null>(null);

  async function finish(proof: { code: string } | 'passkey') {
    setSending(proof === 'passkey' ? 'passkey' : 'code');
    setError(null);
    try {
      void navigate(await account.finishSecondStep(proof), { replace: true });
    } catch (err) {
      if (!account.hasSecondStep()) {
        const notice =
          isApiError(err) && hasCode(err, 'factor_locked') ? errorMessage(err) : 'Please sign in again.';
        void navigate('/login', { replace: true, state: { notice, tone: 'error' } });
        return;
      }
      setError(errorMessage(err));
      setCode('');
      setSending(null);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setError('Enter the code from your authenticator app.');
    void finish({ code: value });
  }

  return (
    <ScreenCard badge="🔑" title="Confirm it’s you">
      {passkeysSupported() && (
        <div className={screenStyles.form}>
          <p>Use a passkey you added to Cove (this device, your phone or a security key).</p>
          <Button
            onClick={() => void finish('passkey')}
            disabled={sending !== null}
            aria-busy={sending === 'passkey'}
          >
            {sending === 'passkey' ? 'Waiting for your passkey…' : 'Use a passkey'}
          </Button>
          <p className={kit.hint}>Or enter a code instead:</p>
        </div>
      )}
      <form onSubmit={submit} noValidate className={screenStyles.form}>
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
          Open your authenticator app and enter the 6-digit code it shows for Cove. No phone at hand? Enter
          one of your recovery codes instead.
        </p>
        {error && (
          <p className={screenStyles.error} role="alert">
            {error}
          </p>
        )}
        <Button
          type="submit"
          variant={passkeysSupported() ? 'secondary' : undefined}
          disabled={sending !== null}
          aria-busy={sending === 'code'}
        >
          {sending === 'code' ? 'Checking…' : 'Sign in'}
        </Button>
      </form>
    </ScreenCard>
  );
}
