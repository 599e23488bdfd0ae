import { ButtonLink, useDocumentTitle } from '@cove/ui';
import { ScreenCard, screenStyles } from './ScreenCard';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <ScreenCard badge="🧭" title="We couldn't find that page">
      <p>The link may be old, or the page may have moved.</p>
      <div className={screenStyles.actions}>
        <ButtonLink to="/discover">Go to Discover</ButtonLink>
        <ButtonLink to="/chats" variant="secondary">
          Open chats
        </ButtonLink>
      </div>
    </ScreenCard>
  );
}
