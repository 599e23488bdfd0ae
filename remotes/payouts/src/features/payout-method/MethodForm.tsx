import type { AccountInfo, PayoutMethodKind } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import shared from '../../common/Earnings.module.css';
import { CodeStep } from './CodeStep';
import { bodyOf, checkDetails, emptyDetails, methodNames, type MethodDetails } from './method-details';
import { MethodFields } from './MethodFields';
import styles from './PayoutMethod.module.css';
import { useMethodChange } from './use-method-change';

/**
 * Choosing a method and its details, then the email code: the form sends the code first, and saves
 * only with it. The server's refusals (a wrong or expired code, a bad IBAN) are shown as it words them.
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
  const [code, setCode] = useState('');
  const [codeTried, setCodeTried] = useState(false);
  const { sendCode, save } = useMethodChange();
  const errors = tried ? checkDetails(kind, details) : {};
  const sent = sendCode.data;
  const codeError = codeTried && code.length !== 4 ? 'Enter the 4-digit code from the email.' : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    const problems = checkDetails(kind, details);
    if (Object.keys(problems).length > 0) return;
    if (!sent) {
      if (!sendCode.isPending) sendCode.mutate();
      return;
    }
    setCodeTried(true);
    if (code.length !== 4 || save.isPending) return;
    save.mutate({ body: bodyOf(kind, details), code }, { onSuccess: onSaved });
  }

  return (
    <form
      className={`${kit.panel} ${shared.box}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className={shared.boxTitle}>
        {info.payout_method ? 'Change payout method' : 'Add a payout method'}
      </h3>
      <fieldset className={kit.fieldset}>
        <legend className={kit.legend}>Method</legend>
        <div className={styles.choices}>
          {allowed.map((m) => (
            <label key={m} className={`${kit.choice} ${styles.choice}`}>
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
      {sent ? (
        <CodeStep
          sentTo={sent.email}
          expiresAt={sent.expires_at}
          code={code}
          error={codeError}
          onCode={setCode}
          onResend={() => {
            setCode('');
            setCodeTried(false);
            save.reset();
            sendCode.mutate();
          }}
          resending={sendCode.isPending}
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
    </form>
  );
}
