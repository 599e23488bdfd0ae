import { useSession } from '@cove/runtime';
import type { ReactNode } from 'react';
import { useLocation } from '@cove/router';
import { ButtonLink } from './Button';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';
import styles from './State.module.css';

/** Shows `children` to signed-in people; everyone else is told plainly what signing in gives them. */
export function SignInGate({
  icon,
  title,
  reason,
  children,
}: {
  icon: string;
  title: string;
  reason: string;
  children: ReactNode;
}) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status === 'unknown') {
    return (
      <div className={styles.center} role="status" aria-label="Loading">
        <Spinner size={50} />
      </div>
    );
  }
  if (session.status === 'signed-out') {
    return (
      <EmptyState
        icon={icon}
        title={title}
        actions={<ButtonLink to={`/login?next=${encodeURIComponent(pathname + search)}`}>Sign in</ButtonLink>}
      >
        {reason}
      </EmptyState>
    );
  }
  return <>{children}</>;
}
