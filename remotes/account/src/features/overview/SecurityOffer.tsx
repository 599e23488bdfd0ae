import { ButtonLink } from '@cove/ui';
import { useSecurityStatus } from '../../common/security-status';
import styles from './Overview.module.css';

/**
 * Strongly offered to creators (docs/rules.md, Second factor): until they have a second factor (a
 * passkey or the authenticator app), the overview asks them to set one up, since whoever holds their
 * mailbox could otherwise move their earnings.
 */
export function SecurityOffer() {
  const status = useSecurityStatus();
  if (!status.data || status.data.totp || status.data.passkeys.length > 0) return null;
  return (
    <section className={styles.offer} aria-label="Protect your earnings">
      <p>
        <strong>Protect your earnings.</strong> Add a passkey or an authenticator app so that signing in and
        changing your payout method need your device, not only your email.
      </p>
      <ButtonLink to="/account/security">Set up a second factor</ButtonLink>
    </section>
  );
}
