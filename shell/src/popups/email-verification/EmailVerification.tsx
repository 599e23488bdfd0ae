import {
  messageResponse,
  verifyEmailResponse,
  type HostContext,
  type PopupOf,
  type User,
} from '@cove/contracts';
import { errorMessage, maskEmail, useStore } from '@cove/runtime';
import { Button, CodeBoxes, emptyCode, kit, SheetActions, sheetTitle, useCooldown } from '@cove/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { DeliverabilityWarning, DidYouMean } from '../../email/AddressHints';
import {
  codeWasSent,
  cooldownLeft,
  resendCooldownSeconds,
  verificationState,
} from '../../session/verification-state';
import styles from '../Popup.module.css';

type Stage = NonNullable<PopupOf<'email-verification'>['stage']>;
/** The onboarding flow closes itself 5 s after success; the action flow closes at once. */
export const onboardingCloseMs = 5000;

const titles: Record<Stage, string> = {
  'enter-code': 'Verify your email',
  help: "Didn't get the code?",
  'different-address': 'Use a different email',
  done: 'Email verified',
};

/**
 * The four-stage email verification popup: enter code, help, different address, done
 * (spec sections 4 and 5). It renders its own title, which changes with the stage.
 */
export function EmailVerification({
  spec,
  host,
  titleId,
  onVerified,
  onDone,
}: {
  spec: PopupOf<'email-verification'>;
  host: Pick<HostContext, 'api' | 'session'>;
  titleId: string;
  onVerified(user: User): void;
  onDone(): void;
}) {
  const { api } = host;
  const { user } = useStore(host.session);
  const { codeSentAt } = useStore(verificationState);
  const [chosenStage, setStage] = useState<Stage>(spec.stage ?? 'enter-code');
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [sentTo, setSentTo] = useState(spec.email ?? user?.email ?? '');
  const [newAddress, setNewAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cooldown, startCooldown] = useCooldown(cooldownLeft(codeSentAt));

  // Verified in another tab (the email_verified event) also ends the onboarding flow.
  const stage: Stage = spec.flow === 'onboarding' && user?.email_verified && !busy ? 'done' : chosenStage;

  useEffect(() => {
    if (stage !== 'done') return;
    if (spec.flow === 'action') return onDone();
    const timer = window.setTimeout(onDone, onboardingCloseMs);
    return () => window.clearTimeout(timer);
  }, [stage, spec.flow, onDone]);

  async function verify(code: string) {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const answer = await api.post('/v1/users/verify-email', { code }, { schema: verifyEmailResponse });
      onVerified(answer.user);
      setStage('done');
    } catch (err) {
      setError(errorMessage(err));
      setDigits(emptyCode());
    } finally {
      setBusy(false);
    }
  }

  async function send(kind: 'resend' | 'change') {
    setBusy(true);
    setError(null);
    setNote(null);
    const address = kind === 'resend' ? sentTo : newAddress.trim();
    try {
      const answer =
        kind === 'resend'
          ? await api.post(
              '/v1/users/resend-verify',
              { email: address, web: true, react_flow: true },
              { schema: messageResponse },
            )
          : await api.post('/v1/users/change-verify-email', { email: address }, { schema: messageResponse });
      codeWasSent();
      startCooldown(resendCooldownSeconds);
      setSentTo(address);
      setNote(answer.message);
      setDigits(emptyCode());
      setStage('enter-code');
    } catch (err) {
      setError(errorMessage(err) || "We couldn't send a code. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const go = (next: Stage) => {
    setError(null);
    setNote(null);
    setStage(next);
  };
  const heading = (
    <h2 id={titleId} className={sheetTitle}>
      {titles[stage]}
    </h2>
  );
  const feedback = (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {note && (
        <p className={styles.note} role="status">
          {note}
        </p>
      )}
    </>
  );

  if (stage === 'done') {
    return (
      <>
        {heading}
        <p className={styles.note} role="status">
          Email verified successfully!
        </p>
        <Button onClick={() => onDone()}>Continue</Button>
      </>
    );
  }

  if (stage === 'help') {
    return (
      <>
        {heading}
        <p className={styles.body}>
          We sent it to <strong>{maskEmail(sentTo)}</strong>. Codes can take a minute to arrive, and sometimes
          land in spam. Still nothing? Ask for a new code or use another address.
        </p>
        <DeliverabilityWarning email={sentTo} />
        {feedback}
        <SheetActions>
          <Button disabled={busy || !sentTo || cooldown > 0} onClick={() => void send('resend')}>
            {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
          </Button>
          <Button variant="secondary" onClick={() => go('different-address')}>
            Use a different email
          </Button>
          <button type="button" className={styles.linkButton} onClick={() => go('enter-code')}>
            Back to the code
          </button>
        </SheetActions>
      </>
    );
  }

  if (stage === 'different-address') {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      void send('change');
    };
    return (
      <>
        {heading}
        <p className={styles.body}>We'll send a new code there, and your account will use that address.</p>
        <form className={styles.form} noValidate onSubmit={submit}>
          <input
            className={kit.input}
            type="email"
            autoComplete="email"
            aria-label="New email address"
            value={newAddress}
            onChange={(e) => setNewAddress(e.target.value)}
          />
          <DidYouMean email={newAddress} onAccept={setNewAddress} />
          <DeliverabilityWarning email={newAddress} />
          {feedback}
          <Button type="submit" disabled={busy || !newAddress.trim() || cooldown > 0}>
            {cooldown > 0 ? `Send code in ${cooldown}s` : 'Send code'}
          </Button>
          <button type="button" className={styles.linkButton} onClick={() => go('help')}>
            Back
          </button>
        </form>
      </>
    );
  }

  const complete = digits.every((d) => d !== '');
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (complete && !busy) void verify(digits.join(''));
  };
  return (
    <>
      {heading}
      <p className={styles.body}>
        Enter the 4-digit code we sent to <strong>{maskEmail(sentTo)}</strong>.
      </p>
      <form className={styles.form} onSubmit={submitCode} noValidate>
        <CodeBoxes
          digits={digits}
          onChange={setDigits}
          onComplete={(code) => void verify(code)}
          disabled={busy}
        />
        {feedback}
        <Button type="submit" disabled={!complete || busy}>
          {busy ? 'Checking…' : 'Verify'}
        </Button>
        <button type="button" className={styles.linkButton} onClick={() => go('help')}>
          I didn't get a code
        </button>
      </form>
    </>
  );
}
