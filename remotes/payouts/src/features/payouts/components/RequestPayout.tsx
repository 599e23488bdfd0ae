import { creditsToDollars, type AccountInfo, type AccountTotals } from '@cove/contracts';
import { errorMessage, formatMoney } from '@cove/runtime';
import { Button, ButtonLink, kit, Spinner } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@cove/router';
import { BoxForm } from '../../../common/BoxForm';
import { PasskeyButton } from '../../../common/PasskeyButton';
import shared from '../../../common/Earnings.module.css';
import { creditsFromDollars } from '../model/dollars';
import styles from '../Payouts.module.css';
import { useRequestPayout } from '../api/request-payout';

/** Why `credits` cannot be asked for now, in the server's words; null when it can. */
function limitError(credits: number, totals: AccountTotals): string | null {
  if (credits > totals.available)
    return `You can request at most ${formatMoney(Math.max(totals.available, 0))}, your available earnings.`;
  if (credits < totals.minimum_payout) return `The minimum payout is ${formatMoney(totals.minimum_payout)}.`;
  return null;
}

/** The request payout form: an amount in dollars, paid to the saved method. */
export function RequestPayout({ totals, info }: { totals: AccountTotals; info: AccountInfo }) {
  const id = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  // With a second factor on, each new payout is confirmed with a code from the app (docs/rules.md).
  const [factorCode, setFactorCode] = useState('');
  const needsCode = info.second_factor === true;
  const { mutation, request } = useRequestPayout();
  const amount = creditsFromDollars(text);
  const problem = amount.error ?? limitError(amount.credits, totals);
  const method = info.payout_method;
  const canRequest = method !== null && totals.available >= totals.minimum_payout;
  const done = mutation.isSuccess ? mutation.data : null;
  const aml = info.aml;
  const needsDetails =
    !aml.submitted && amount.credits !== undefined && aml.cumulative + amount.credits > aml.threshold;

  const amountOk = () => canRequest && !problem && amount.credits !== undefined;

  function send(code: string | undefined) {
    if (amount.credits === undefined) return;
    request(amount.credits, code, () => {
      setText('');
      setFactorCode('');
      setTried(false);
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!amountOk() || (needsCode && !factorCode.trim())) return;
    send(needsCode ? factorCode.trim() : undefined);
  }

  return (
    <BoxForm title="Request a payout" onSubmit={submit}>
      {method ? (
        <p className={kit.hint}>
          Paid to <strong className={styles.method}>{method.label}</strong>.{' '}
          <Link className={shared.link} to="/account/earnings/payout-method">
            Change
          </Link>
        </p>
      ) : (
        <div className={shared.actions}>
          <p className={kit.hint}>Add a payout method first: it is where your money goes.</p>
          <ButtonLink to="/account/earnings/payout-method" variant="secondary">
            Set a payout method
          </ButtonLink>
        </div>
      )}
      <div className={styles.amountRow}>
        <div className={kit.field}>
          <label className={kit.label} htmlFor={`${id}-amount`}>
            Amount in dollars
          </label>
          <div className={styles.dollarInput}>
            <span aria-hidden="true">$</span>
            <input
              id={`${id}-amount`}
              className={kit.input}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={tried && problem ? true : undefined}
              aria-describedby={`${id}-limits ${id}-echo${tried && problem ? ` ${id}-error` : ''}`}
              disabled={!canRequest}
            />
          </div>
        </div>
        <Button
          variant="secondary"
          disabled={!canRequest}
          onClick={() => setText(creditsToDollars(Math.max(totals.available, 0)))}
        >
          All of it
        </Button>
      </div>
      {/* What was typed, read back as the payout will show it. */}
      <p id={`${id}-echo`} className={kit.hint} aria-live="polite">
        {amount.credits !== undefined ? `You are requesting ${formatMoney(amount.credits)}.` : ''}
      </p>
      <p id={`${id}-limits`} className={kit.hint}>
        Minimum {formatMoney(totals.minimum_payout)} · Available {formatMoney(totals.available)}
      </p>
      {totals.available < totals.minimum_payout && (
        <p className={kit.hint}>
          You can request a payout once {formatMoney(totals.minimum_payout)} is available.
        </p>
      )}
      {tried && problem && (
        <p id={`${id}-error`} className={kit.fieldError}>
          {problem}
        </p>
      )}
      {needsDetails && (
        <p className={kit.hint}>
          Payouts over {formatMoney(aml.threshold)} in all need your details: this one waits until you send
          them.
        </p>
      )}
      {needsCode && (
        <div className={kit.field}>
          <label className={kit.label} htmlFor={`${id}-factor`}>
            Code from your authenticator app
          </label>
          <input
            id={`${id}-factor`}
            className={`${kit.input} ${kit.compactInput}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={factorCode}
            onChange={(e) => setFactorCode(e.target.value)}
            aria-invalid={tried && !factorCode.trim() ? true : undefined}
            disabled={!canRequest}
          />
          {tried && !factorCode.trim() && (
            <p className={kit.fieldError}>
              {info.passkey
                ? 'Enter the code from your authenticator app, or use your passkey.'
                : 'Enter the code from your authenticator app.'}
            </p>
          )}
        </div>
      )}
      {mutation.isError && (
        <p className={kit.alert} role="alert">
          {errorMessage(mutation.error)}
        </p>
      )}
      {done && (
        <p className={kit.notice} role="status">
          {done.status === 'on_hold'
            ? `Your payout of ${formatMoney(done.amount)} is waiting for your details: fill in the form above.`
            : `Payout of ${formatMoney(done.amount)} requested to ${done.label}. It is on its way.`}
        </p>
      )}
      <div className={shared.actions}>
        <Button type="submit" disabled={!canRequest || mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? (
            <>
              <Spinner size={20} /> Requesting…
            </>
          ) : (
            'Request payout'
          )}
        </Button>
        {needsCode && info.passkey && canRequest && (
          <PasskeyButton
            ready={() => {
              setTried(true);
              return amountOk();
            }}
            busy={mutation.isPending}
            onConfirmation={send}
          />
        )}
      </div>
    </BoxForm>
  );
}
