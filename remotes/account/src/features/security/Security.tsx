import { requestState } from '@cove/runtime';
import { RequestView } from '@cove/ui';
import { useSecurityStatus } from '../../common/security-status';
import { AuthenticatorApp } from './components/AuthenticatorApp';
import { Passkeys } from './components/Passkeys';
import { Sessions } from './components/Sessions';
import styles from './Security.module.css';

/** `/account/security`: passkeys, the authenticator app and recovery codes, and the devices signed in (loaded on demand). */
export default function Security() {
  const status = useSecurityStatus();
  return (
    <div className={styles.page}>
      <RequestView state={requestState(status)} retry={() => void status.refetch()}>
        {(data) => (
          <>
            <Passkeys status={data} />
            <AuthenticatorApp status={data} />
          </>
        )}
      </RequestView>
      <Sessions />
    </div>
  );
}
