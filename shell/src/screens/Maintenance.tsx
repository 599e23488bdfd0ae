import { Button, useDocumentTitle } from '@cove/ui';
import { ScreenCard, screenStyles } from './ScreenCard';

/** Where the browser goes on a 503 answer. */
export function Maintenance() {
  useDocumentTitle('Maintenance');
  return (
    <ScreenCard badge="🛠️" title="Cove is down for maintenance">
      <p>We're making some improvements and will be back shortly. Your chats and your balance are safe.</p>
      <div className={screenStyles.actions}>
        <Button onClick={() => window.location.assign('/')}>Try again</Button>
      </div>
    </ScreenCard>
  );
}
