import { requestState } from '@cove/runtime';
import { kit, RequestView, Section } from '@cove/ui';
import shared from '../../common/Earnings.module.css';
import { useAccountInfo } from '../../common/account-info';
import { useTotals } from '../../common/account-totals';
import { AmlForm } from './components/AmlForm';
import { PayoutHistory } from './components/PayoutHistory';
import { RequestPayout } from './components/RequestPayout';
import styles from './Payouts.module.css';

/** `/account/earnings/payouts`: request a payout, send the AML details when asked, and the history. */
export function Payouts() {
  const totals = useTotals();
  const info = useAccountInfo();
  return (
    <Section title="Payouts">
      <div className={`${kit.columns} ${styles.layout}`}>
        <div className={styles.side}>
          <RequestView state={requestState(info)} retry={() => void info.refetch()}>
            {(data) => (
              <>
                {data.aml.required && <AmlForm threshold={data.aml.threshold} />}
                <RequestView state={requestState(totals)} retry={() => void totals.refetch()}>
                  {(t) => <RequestPayout totals={t} info={data} />}
                </RequestView>
              </>
            )}
          </RequestView>
        </div>
        <div className={styles.history}>
          <h3 className={shared.boxTitle}>History</h3>
          <PayoutHistory />
        </div>
      </div>
    </Section>
  );
}
