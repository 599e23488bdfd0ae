import { Spinner, useDocumentTitle } from '@cove/ui';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '@cove/router';
import { internalPath } from './internal-path';
import { ScreenCard } from './ScreenCard';

/** `/branch?to=/chats/123`: opens the linked place inside Cove, or the home page. */
export function DeepLink() {
  useDocumentTitle('Opening your link');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = internalPath(params.get('to') ?? params.get('path'));

  useEffect(() => {
    void navigate(target ?? '/', { replace: true });
  }, [navigate, target]);

  return (
    <ScreenCard badge="🔗" title="Opening your link">
      <Spinner />
    </ScreenCard>
  );
}
