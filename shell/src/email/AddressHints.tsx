import { slowMailProvider, suggestEmail } from '@cove/runtime';
import styles from './AddressHints.module.css';

/** 'Did you mean …?' for a mistyped domain, with a button that takes the suggestion. */
export function DidYouMean({ email, onAccept }: { email: string; onAccept(email: string): void }) {
  const suggestion = suggestEmail(email);
  if (!suggestion) return null;
  return (
    <p className={styles.hint}>
      Did you mean{' '}
      <button type="button" className={styles.suggestion} onClick={() => onAccept(suggestion)}>
        {suggestion}
      </button>
      ?
    </p>
  );
}

/** The spec's deliverability warning for Yahoo, Outlook, Hotmail and iCloud addresses. */
export function DeliverabilityWarning({ email }: { email: string }) {
  const provider = slowMailProvider(email);
  if (!provider) return null;
  return (
    <p className={styles.warning}>
      {provider} sometimes delays our emails or files them as spam. If nothing arrives within a minute, check
      your spam or junk folder.
    </p>
  );
}
