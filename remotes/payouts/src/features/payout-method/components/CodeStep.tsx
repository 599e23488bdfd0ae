import { Button, CodeBoxes, kit } from '@cove/ui';
import shared from '../../../common/Earnings.module.css';
import styles from '../PayoutMethod.module.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * The second step: where the code went, the code in four boxes (sign-in's rules: saving waits for all
 * four, a pasted code saves at once), and another code once the cooldown is over.
 */
export function CodeStep({
  sentTo,
  expiresAt,
  digits,
  onDigits,
  onComplete,
  onResend,
  resending,
  cooldown,
  saving,
}: {
  sentTo: string;
  expiresAt: string;
  digits: string[];
  onDigits(digits: string[]): void;
  onComplete(code: string): void;
  onResend(): void;
  resending: boolean;
  /** Seconds until another code may be asked for. */
  cooldown: number;
  saving: boolean;
}) {
  const complete = digits.every((d) => d !== '');
  return (
    <div className={styles.codeStep}>
      <p className={kit.hint} role="status">
        We sent a 4-digit code to <strong>{sentTo}</strong>. It works until{' '}
        {timeFormat.format(new Date(expiresAt))}.
      </p>
      <div className={`${kit.field} ${styles.codeField}`}>
        {/* The boxes' group carries the same name for screen readers. */}
        <span className={kit.label} aria-hidden="true">
          Code from the email
        </span>
        <CodeBoxes
          digits={digits}
          onChange={onDigits}
          onComplete={onComplete}
          disabled={saving}
          label="Code from the email"
        />
      </div>
      <div className={shared.actions}>
        <Button type="submit" disabled={!complete || saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save payout method'}
        </Button>
        <Button variant="ghost" disabled={resending || cooldown > 0} onClick={onResend}>
          {resending ? 'Sending…' : cooldown > 0 ? `Send a new code in ${cooldown}s` : 'Send a new code'}
        </Button>
      </div>
    </div>
  );
}
