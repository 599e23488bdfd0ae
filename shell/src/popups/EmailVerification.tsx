import type { ApiClient, PopupOf } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button } from '@cove/ui';
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import styles from './Popup.module.css';

type Stage = NonNullable<PopupOf<'email-verification'>['stage']>;
const codeLength = 4;
const resendCooldownSeconds = 30;
/** The onboarding flow closes itself 5 s after success; the action flow closes at once. */
const onboardingCloseMs = 5000;

function useCooldown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(resendCooldownSeconds)];
}

/** The four-stage email verification popup: enter code, help, different address, done. */
export function EmailVerification({
  spec,
  api,
  onDone,
}: {
  spec: PopupOf<'email-verification'>;
  api: ApiClient;
  onDone(): void;
}) {
  const [stage, setStage] = useState<Stage>(spec.stage ?? 'enter-code');
  const [digits, setDigits] = useState<string[]>(Array(codeLength).fill(''));
  const [email, setEmail] = useState(spec.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cooldown, startCooldown] = useCooldown();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (stage !== 'done') return;
    if (spec.flow === 'action') return onDone();
    const timer = window.setTimeout(onDone, onboardingCloseMs);
    return () => window.clearTimeout(timer);
  }, [stage, spec.flow, onDone]);

  async function verify(code: string) {
    setBusy(true);
    setError(null);
    try {
      await api.post('/v1/users/verify-email', { code });
      setStage('done');
    } catch (err) {
      setError(errorMessage(err));
      setDigits(Array(codeLength).fill(''));
      boxes.current[0]?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function resend(path: '/v1/users/resend-verify' | '/v1/users/change-verify-email') {
    setBusy(true);
    setError(null);
    try {
      await api.post(
        path,
        path === '/v1/users/resend-verify' ? { email, web: true, react_flow: true } : { email },
      );
      startCooldown();
      setNote('Email sent successfully!');
      setStage('enter-code');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function setDigit(index: number, value: string) {
    const digit = value.replace(/\D/g, '').slice(-1);
    const next = digits.map((d, i) => (i === index ? digit : d));
    setDigits(next);
    if (digit && index < codeLength - 1) boxes.current[index + 1]?.focus();
  }

  function paste(e: ClipboardEvent) {
    const code = e.clipboardData.getData('text').trim();
    if (!new RegExp(`^\\d{${codeLength}}$`).test(code)) return;
    e.preventDefault();
    setDigits(code.split(''));
    void verify(code);
  }

  const complete = digits.every((d) => d !== '');
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (complete) void verify(digits.join(''));
  };
  const messages = (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {note && !error && (
        <p className={styles.note} role="status">
          {note}
        </p>
      )}
    </>
  );

  if (stage === 'done') {
    return <p className={styles.note}>Email verified successfully!</p>;
  }
  if (stage === 'help') {
    return (
      <div className={styles.form}>
        <p className={styles.body}>
          Check your spam or promotions folder. Codes can take a minute to arrive. Still nothing? Send a new
          code or use another address.
        </p>
        {messages}
        <Button
          disabled={busy || !email || cooldown > 0}
          onClick={() => void resend('/v1/users/resend-verify')}
        >
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Button>
        <Button variant="secondary" onClick={() => setStage('different-address')}>
          Use a different email
        </Button>
      </div>
    );
  }
  if (stage === 'different-address') {
    return (
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void resend('/v1/users/change-verify-email');
        }}
      >
        <input
          className={styles.input}
          type="email"
          aria-label="New email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {messages}
        <Button type="submit" disabled={busy || !email.trim() || cooldown > 0}>
          Send code
        </Button>
        <button type="button" className={styles.linkButton} onClick={() => setStage('enter-code')}>
          Back
        </button>
      </form>
    );
  }
  return (
    <form className={styles.form} onSubmit={submitCode} noValidate>
      <div className={styles.codeBoxes} onPaste={paste}>
        {digits.map((d, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className={styles.codeBox}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1}`}
            value={d}
            onChange={(e) => setDigit(i, e.target.value)}
          />
        ))}
      </div>
      {messages}
      <Button type="submit" disabled={!complete || busy}>
        Verify
      </Button>
      <button type="button" className={styles.linkButton} onClick={() => setStage('help')}>
        I didn't get a code
      </button>
    </form>
  );
}
