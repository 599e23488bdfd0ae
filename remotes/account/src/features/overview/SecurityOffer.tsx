import { ButtonLink } from '@cove/ui';
import { useSecurityStatus } from '../../common/security-status';
import styles from './Overview.module.css';

/**
 * Strongly offered to creators (docs/rules.md, Second factor): until their authenticator app is on,
 * the overview asks them to set it up, since whoever holds their mailbox could otherwise move their earnings.
 */
export function SecurityOffer() {
  const status = useSecurityStatus();
  if (!status.data || status.data.totp) return null;
  return (
    <section className={styles.offer} aria-label="Protect your earnings">
      <p>
        <strong>Protect your earnings.</strong> Add an authenticator app so that signing in and changing your
        payout method need a code from your phone, not only your email.
      </p>
      <ButtonLink to="/account/security">Set up an authenticator app</ButtonLink>
    </section>
  );
}
