import { messageResponse, messages } from '@cove/contracts';
import { emailPattern, errorMessage, useStore } from '@cove/runtime';
import { Button, kit, useCooldown } from '@cove/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from '@cove/router';
import { useShell } from '../../services/shell-context';
import { DeliverabilityWarning, DidYouMean } from '../../email/AddressHints';
import { afterSignIn, bannedFlag } from '../../session/stored-flags';
import { internalPath } from '../internal-path';
import { ScreenCard, screenStyles } from '../ScreenCard';
import { BotCheck, type BotCheckHandle, type BotCheckSettings } from './BotCheck';

/** Asking for another link too soon only fills the inbox; the server also limits it. */
const resendSeconds = 30;

type Stage = { step: 'form'; error?: string } | { step: 'sent'; email: string; error?: string };

/** Until the provider config arrives (or when it cannot), no check is shown; the server still decides. */
const noBotCheck: BotCheckSettings = { mode: 'off', site_key: null };

function useNotice(): { text: string; tone: 'error' | 'info' } | null {
  const state = useLocation().state as { notice?: unknown; tone?: unknown } | null;
  if (typeof state?.notice === 'string')
    return { text: state.notice, tone: state.tone === 'error' ? 'error' : 'info' };
  return bannedFlag.get() ? { text: messages.suspended, tone: 'error' } : null;
}

/** The email form, then 'Check your email' with a resend. */
export function EmailSignIn() {
  const { host } = useShell();
  const [params] = useSearchParams();
  const notice = useNotice();
  const botCheck = useStore(host.session).config?.bot_check ?? noBotCheck;
  const [email, setEmail] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'form' });
  const [sending, setSending] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  // New accounts need it; the server says so when an unticked request would create one.
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const check = useRef<BotCheckHandle>(null);
  const [cooldown, startCooldown] = useCooldown(0);
  // Turnstile gives its token on its own; without one the server would only refuse.
  const waitingForCheck = botCheck.mode === 'turnstile' && !captcha;

  async function send(value: string) {
    setSending(true);
    const body = { email: value, web: true, react_flow: true, ...(acceptedTerms && { accept_terms: true }) };
    try {
      await host.api.post(
        '/v1/users/sign',
        botCheck.mode !== 'off' && captcha ? { ...body, captcha_token: captcha } : body,
        { schema: messageResponse },
      );
      afterSignIn.set(internalPath(params.get('next')));
      startCooldown(resendSeconds);
      setStage({ step: 'sent', email: value });
    } catch (err) {
      setStage((s) => ({ ...s, error: errorMessage(err) }));
    } finally {
      // Each token answers one request, whatever the server made of it.
      check.current?.reset();
      setSending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setStage({ step: 'form', error: 'Required field cannot be blank' });
    if (!emailPattern.test(value)) return setStage({ step: 'form', error: 'Email is invalid' });
    void send(value);
  }

  if (stage.step === 'sent') {
    return (
      <ScreenCard badge="📬" title="Check your email">
        <p>
          We sent a sign-in link to <strong>{stage.email}</strong>. Open it on this device to sign in. Links
          only last 1 hour.
        </p>
        <DeliverabilityWarning email={stage.email} />
        {cooldown === 0 && <BotCheck ref={check} settings={botCheck} onToken={setCaptcha} />}
        {stage.error && (
          <p className={screenStyles.error} role="alert">
            {stage.error}
          </p>
        )}
        <div className={screenStyles.actions}>
          <Button
            disabled={cooldown > 0 || sending || waitingForCheck}
            onClick={() => void send(stage.email)}
          >
            {sending ? 'Sending…' : cooldown > 0 ? `Send again in ${cooldown}s` : 'Send again'}
          </Button>
          <Button variant="secondary" onClick={() => setStage({ step: 'form' })}>
            Use a different email
          </Button>
        </div>
      </ScreenCard>
    );
  }

  const error = stage.error;
  return (
    <ScreenCard badge="👋" title="Sign in to Cove">
      {notice && (
        <p className={notice.tone === 'error' ? screenStyles.notice : screenStyles.info} role="alert">
          {notice.text}
        </p>
      )}
      <p>Chat one to one with the creators you follow. We'll email you a sign-in link, no password needed.</p>
      <form onSubmit={submit} noValidate className={screenStyles.form}>
        <label className={screenStyles.field}>
          Email
          <input
            className={kit.input}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(error)}
          />
        </label>
        <DidYouMean email={email} onAccept={setEmail} />
        <BotCheck ref={check} settings={botCheck} onToken={setCaptcha} />
        <label className={screenStyles.consent}>
          <input
            type="checkbox"
            checked={acceptedTerms}
            onChange={(e) => setAcceptedTerms(e.target.checked)}
          />
          <span>
            I am 18 or older and accept the <Link to="/terms">Terms of Service</Link> and{' '}
            <Link to="/privacy">Privacy Policy</Link>
          </span>
        </label>
        {error && (
          <p className={screenStyles.error} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={sending || waitingForCheck}>
          {sending ? 'Sending…' : 'Email me a sign-in link'}
        </Button>
      </form>
    </ScreenCard>
  );
}
