import { errorMessage } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import { useShell } from '../app/shell-context';
import { ScreenCard, screenStyles } from './ScreenCard';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Stage = { step: 'form'; error?: string } | { step: 'sending' } | { step: 'sent'; email: string };

/** Email sign-in: Cove sends a sign-in link (`POST /v1/users/sign`). */
export function Login() {
  const { host } = useShell();
  const [email, setEmail] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'form' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setStage({ step: 'form', error: 'Required field cannot be blank' });
    if (!emailPattern.test(value)) return setStage({ step: 'form', error: 'Email is invalid' });
    setStage({ step: 'sending' });
    try {
      await host.api.post('/v1/users/sign', { email: value, web: true, react_flow: true });
      setStage({ step: 'sent', email: value });
    } catch (err) {
      setStage({ step: 'form', error: errorMessage(err) });
    }
  }

  if (stage.step === 'sent') {
    return (
      <ScreenCard badge="📬" title="Check your email">
        <p>We sent a sign-in link to {stage.email}. Links only last 1 hour.</p>
        <div className={screenStyles.actions}>
          <Button variant="secondary" onClick={() => setStage({ step: 'form' })}>
            Use a different email
          </Button>
        </div>
      </ScreenCard>
    );
  }

  return (
    <ScreenCard badge="👋" title="Sign in to Cove">
      <p>Chat one to one with the creators you follow. We'll email you a sign-in link, no password needed.</p>
      <form onSubmit={submit} noValidate className={screenStyles.actions} style={{ flexDirection: 'column' }}>
        <label className={screenStyles.field}>
          Email
          <input
            className={screenStyles.input}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={stage.step === 'form' && Boolean(stage.error)}
          />
        </label>
        {stage.step === 'form' && stage.error && (
          <p className={screenStyles.error} role="alert">
            {stage.error}
          </p>
        )}
        <Button type="submit" disabled={stage.step === 'sending'}>
          {stage.step === 'sending' ? 'Sending…' : 'Email me a sign-in link'}
        </Button>
      </form>
    </ScreenCard>
  );
}
