import { formatMoney, requestState } from '@cove/runtime';
import { ButtonLink, kit, RequestView, Section } from '@cove/ui';
import shared from '../../common/Earnings.module.css';
import { useTotals } from '../../common/account-totals';
import { useAccountStats } from './api/account-stats';
import { EarningsChart } from './components/EarningsChart';
import { SourceTotals } from './components/SourceTotals';
import { Totals } from './components/Totals';

const days = 30;

/** `/account/earnings/summary`: what the creator has, what is coming, and the last 30 days by source. */
export function Summary() {
  const totals = useTotals();
  const stats = useAccountStats(days);
  const t = totals.data;
  return (
    <Section title="Summary" actions={<ButtonLink to="/account/earnings/payouts">Request payout</ButtonLink>}>
      <RequestView state={requestState(totals)} retry={() => void totals.refetch()}>
        {(data) => <Totals totals={data} />}
      </RequestView>
      {t && t.available < t.minimum_payout && (
        <p className={kit.hint}>
          You can request a payout once {formatMoney(t.minimum_payout)} is available.
        </p>
      )}
      <div className={`${kit.panel} ${shared.box}`}>
        <h3 className={shared.boxTitle}>Last {days} days</h3>
        <RequestView state={requestState(stats)} retry={() => void stats.refetch()}>
          {(data) => (
            <>
              <EarningsChart days={data.data} />
              <SourceTotals totals={data.totals} />
            </>
          )}
        </RequestView>
      </div>
    </Section>
  );
}
