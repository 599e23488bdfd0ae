import { formatDate, requestState } from '@cove/runtime';
import { EmptyState, kit, RequestView, Section } from '@cove/ui';
import { useState } from 'react';
import shared from '../../common/Earnings.module.css';
import { useAccountInfo } from '../../common/account-info';
import { MethodForm } from './components/MethodForm';
import styles from './PayoutMethod.module.css';

/** `/account/earnings/payout-method`: where payouts go, and changing it with the email code. */
export function PayoutMethod() {
  const info = useAccountInfo();
  // A new form after each save, so the next change starts from the code step again.
  const [saves, setSaves] = useState(0);
  return (
    <Section title="Payout method">
      <RequestView state={requestState(info)} retry={() => void info.refetch()}>
        {(data) => (
          <div className={`${kit.columns} ${styles.layout}`}>
            <div className={`${kit.panel} ${shared.box}`}>
              <h3 className={shared.boxTitle}>Current method</h3>
              {data.payout_method ? (
                <p className={styles.current}>
                  <strong>{data.payout_method.label}</strong>
                  <span className={kit.hint}> · since {formatDate(data.payout_method.updated_at)}</span>
                </p>
              ) : (
                <p className={kit.hint}>None yet: add one to be paid.</p>
              )}
              {saves > 0 && data.payout_method && (
                <p className={kit.notice} role="status">
                  Saved: your payouts now go to {data.payout_method.label}.
                </p>
              )}
            </div>
            {data.allowed_methods.length === 0 ? (
              <EmptyState icon="🔐" title="No payout methods for your account yet">
                Payout methods open once your account is verified. Write to support if you are waiting.
              </EmptyState>
            ) : (
              <MethodForm key={saves} info={data} onSaved={() => setSaves((n) => n + 1)} />
            )}
          </div>
        )}
      </RequestView>
    </Section>
  );
}
