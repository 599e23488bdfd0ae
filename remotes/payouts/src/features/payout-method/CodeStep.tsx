import { Button, kit } from '@cove/ui';
import { useId } from 'react';
import shared from '../../common/Earnings.module.css';
import styles from './PayoutMethod.module.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** The second step: where the code went, the 4-digit code, and a way to have another sent. */
export function CodeStep({
  sentTo,
  expiresAt,
  code,
  error,
  onCode,
  onResend,
  resending,
  saving,
}: {
  sentTo: string;
  expiresAt: string;
  code: string;
  /** Shown once the person tried to save. */
  error: string | null;
  onCode(code: string): void;
  onResend(): void;
  resending: boolean;
  saving: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.codeStep}>
      <p className={kit.hint} role="status">
        We sent a 4-digit code to <strong>{sentTo}</strong>. It works until{' '}
        {timeFormat.format(new Date(expiresAt))}.
      </p>
      <div className={`${kit.field} ${styles.codeField}`}>
        <label className={kit.label} htmlFor={`${id}-code`}>
          Code from the email
        </label>
        <input
          id={`${id}-code`}
          className={`${kit.input} ${styles.code}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          value={code}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
        />
        {error && (
          <p id={`${id}-code-error`} className={kit.fieldError}>
            {error}
          </p>
        )}
      </div>
      <div className={shared.actions}>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save payout method'}
        </Button>
        <Button variant="ghost" disabled={resending} onClick={onResend}>
          {resending ? 'Sending…' : 'Send a new code'}
        </Button>
      </div>
    </div>
  );
}
