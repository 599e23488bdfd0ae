import { type AccountInfo, hasCode, type PayoutMethodKind } from '@cove/contracts';
import { errorMessage, isApiError } from '@cove/runtime';
import { Button, emptyCode, kit, useCooldown } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { BoxForm } from '../../../common/BoxForm';
import { PasskeyButton } from '../../../common/PasskeyButton';
import shared from '../../../common/Earnings.module.css';
import { CodeStep } from './CodeStep';
import { bodyOf, checkDetails, emptyDetails, methodNames, type MethodDetails } from '../model/method-details';
import { MethodFields } from './MethodFields';
import styles from '../PayoutMethod.module.css';
import { useSavePayoutMethod } from '../api/save-payout-method';
import { useSendVerificationCode } from '../api/send-verification-code';

/** Another code may be asked for 30 s after the last (spec section 9); the server refuses sooner. */
const resendSeconds = 30;

/** A refusal of the code itself: the boxes are cleared for another try. A bad IBAN keeps the code. */
const isCodeRefusal = (err: unknown) =>
  isApiError(err) && (['wrong_code', 'code_expired', 'code_locked'] as const).some((c) => hasCode(err, c));

/**
 * Choosing a method and its details, then the email code: the form sends the code first, and saves
 * only with it (with an authenticator app on, its code instead, and no email). The server's refusals (a wrong or expired code, a bad IBAN) are shown as it words them.
 */
export function MethodForm({ info, onSaved }: { info: AccountInfo; onSaved(): void }) {
  const id = useId();
  const allowed = info.allowed_methods;
  const current = info.payout_method?.method;
  const [kind, setKind] = useState<PayoutMethodKind>(
    current && allowed.includes(current) ? current : (allowed[0] as PayoutMethodKind),
  );
  const [details, setDetails] = useState<MethodDetails>(emptyDetails);
  const [tried, setTried] = useState(false);
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [cooldown, startCooldown] = useCooldown(0);
  const sendCode = useSendVerificationCode();
  const save = useSavePayoutMethod();
  const errors = tried ? checkDetails(kind, details) : {};
  const sent = sendCode.data;
  // With a second factor on, a code from the app (or a passkey) confirms the change in place of the emailed one.
  const byApp = info.second_factor === true;
  const [appCode, setAppCode] = useState('');

  function askForCode() {
    if (sendCode.isPending) return;
    sendCode.mutate(undefined, { onSuccess: () => startCooldown(resendSeconds) });
  }

  const detailsOk = () => Object.keys(checkDetails(kind, details)).length === 0;

  function saveWith(code: string) {
    setTried(true);
    if (save.isPending || !detailsOk()) return;
    save.mutate(
      { body: bodyOf(kind, details), code },
      {
        onSuccess: onSaved,
        onError: (err) => {
          if (isCodeRefusal(err)) setDigits(emptyCode());
          setAppCode('');
        },
      },
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (byApp) {
      setTried(true);
      if (appCode.trim()) saveWith(appCode.trim());
      return;
    }
    if (sent) {
      if (digits.every((d) => d !== '')) saveWith(digits.join(''));
      return;
    }
    setTried(true);
    if (Object.keys(checkDetails(kind, details)).length === 0) askForCode();
  }

  return (
    <BoxForm title={info.payout_method ? 'Change payout method' : 'Add a payout method'} onSubmit={submit}>
      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>Method</legend>
        <div className={styles.choices}>
          {allowed.map((m) => (
            <label key={m} className={`${kit.choice} ${kit.choiceLine} ${styles.choice}`}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={m}
                checked={kind === m}
                onChange={() => {
                  setKind(m);
                  setTried(false);
                }}
              />
              {methodNames[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <MethodFields kind={kind} details={details} errors={errors} onChange={setDetails} />
      {sendCode.isError && (
        <p className={kit.alert} role="alert">
          {errorMessage(sendCode.error)}
        </p>
      )}
      {byApp ? (
        <div className={shared.actions}>
          <label className={kit.field}>
            Code from your authenticator app
            <input
              className={`${kit.input} ${kit.compactInput}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={appCode}
              onChange={(e) => setAppCode(e.target.value)}
              aria-invalid={tried && !appCode.trim() ? true : undefined}
            />
          </label>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save payout method'}
          </Button>
          {info.passkey && (
            <PasskeyButton
              ready={() => {
                setTried(true);
                return detailsOk();
              }}
              busy={save.isPending}
              onConfirmation={saveWith}
            />
          )}
          <p className={kit.hint}>
            {info.passkey
              ? 'To keep your money safe, confirm the change with your passkey or a code from your app.'
              : 'To keep your money safe, confirm the change with a code from your app.'}
          </p>
        </div>
      ) : sent ? (
        <CodeStep
          sentTo={sent.email}
          expiresAt={sent.expires_at}
          digits={digits}
          onDigits={setDigits}
          onComplete={saveWith}
          onResend={() => {
            setDigits(emptyCode());
            save.reset();
            askForCode();
          }}
          resending={sendCode.isPending}
          cooldown={cooldown}
          saving={save.isPending}
        />
      ) : (
        <div className={shared.actions}>
          <Button type="submit" disabled={sendCode.isPending} aria-busy={sendCode.isPending}>
            {sendCode.isPending ? 'Sending…' : 'Send code'}
          </Button>
          <p className={kit.hint}>To keep your money safe, we email you a code to confirm the change.</p>
        </div>
      )}
      {save.isError && (
        <p className={kit.alert} role="alert">
          {errorMessage(save.error)}
        </p>
      )}
    </BoxForm>
  );
}
