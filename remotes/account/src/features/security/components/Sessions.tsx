import { errorMessage, formatDateTime, requestState } from '@cove/runtime';
import { Button, kit, RequestView, RowList, Section } from '@cove/ui';
import { useSessions, useSignOutOthers, useSignOutSession } from '../api/sessions';
import styles from '../Security.module.css';

/** Where the person is signed in: each device with when it signed in and was last used; sign one or all others out. */
export function Sessions() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const others = sessions.data?.data.filter((s) => !s.current).length ?? 0;
  const error = signOut.error ?? signOutOthers.error;

  return (
    <Section
      title="Where you're signed in"
      actions={
        others > 0 && (
          <Button
            variant="secondary"
            onClick={() => signOutOthers.mutate()}
            disabled={signOutOthers.isPending}
            aria-busy={signOutOthers.isPending}
          >
            Sign out of other devices
          </Button>
        )
      }
    >
      {Boolean(error) && (
        <p className={kit.alert} role="alert">
          {errorMessage(error)}
        </p>
      )}
      <RequestView state={requestState(sessions)} retry={() => void sessions.refetch()}>
        {({ data }) => (
          <RowList label="Sessions">
            {data.map((s) => (
              <li
                key={s._id}
                className={styles.session}
                aria-label={s.current ? `${s.device}, this device` : s.device}
              >
                <div className={styles.sessionText}>
                  <span className={styles.device}>
                    {s.device}
                    {s.current && <span className={styles.current}>This device</span>}
                  </span>
                  <span className={kit.hint}>
                    Signed in {formatDateTime(s.created_at)} · last used {formatDateTime(s.last_used_at)}
                  </span>
                </div>
                {!s.current && (
                  <Button
                    variant="danger"
                    aria-label={`Sign out ${s.device}`}
                    disabled={signOut.isPending && signOut.variables === s._id}
                    onClick={() => signOut.mutate(s._id)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </RowList>
        )}
      </RequestView>
    </Section>
  );
}
