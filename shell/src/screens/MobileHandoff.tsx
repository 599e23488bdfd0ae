import { ButtonLink, useDocumentTitle } from '@cove/ui';
import { ScreenCard, screenStyles } from './ScreenCard';

/** Hands the visit over to a phone: the address to open there, or carry on here. */
export function MobileHandoff() {
  useDocumentTitle('Continue on your phone');
  const address = window.location.origin;
  return (
    <ScreenCard badge="📱" title="Continue on your phone">
      <p>Open this address in your phone's browser and sign in with the same email.</p>
      <div className={screenStyles.code}>{address}</div>
      <div className={screenStyles.actions}>
        <ButtonLink to="/" variant="secondary">
          Stay on this device
        </ButtonLink>
      </div>
    </ScreenCard>
  );
}
