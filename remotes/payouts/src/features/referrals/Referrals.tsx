import type { Referral } from '@cove/contracts';
import { formatDate, formatMoney } from '@cove/runtime';
import {
  Avatar,
  EmptyState,
  kit,
  LoadMore,
  RequestView,
  Row,
  RowBody,
  RowLine,
  RowList,
  Section,
} from '@cove/ui';
import { ReferralLink } from './components/ReferralLink';
import styles from './Referrals.module.css';
import { useReferrals } from './api/referrals';

function ReferralRow({ referral }: { referral: Referral }) {
  return (
    <Row label={`${referral.username}, ${formatMoney(referral.earned)} earned`} center>
      <Avatar name={referral.username} url={referral.avatar} />
      <RowBody>
        <RowLine>
          <span className={styles.name}>{referral.username}</span>
          <span className={styles.earned}>{formatMoney(referral.earned)}</span>
        </RowLine>
        <RowLine>
          <span className={kit.hint}>Joined {formatDate(referral.joined_at)}</span>
          <span className={kit.hint}>Earns you until {formatDate(referral.earns_until)}</span>
        </RowLine>
      </RowBody>
    </Row>
  );
}

/** `/account/earnings/referrals`: the referral link and the creators who joined with it. */
export function Referrals() {
  const { list, terms } = useReferrals();
  return (
    <Section title="Referrals">
      <RequestView state={list.state} retry={list.retry}>
        {(items) => (
          <>
            {terms && <ReferralLink terms={terms} />}
            {items.length === 0 ? (
              <EmptyState icon="🤝" title="No referrals yet">
                Share your link with other creators. When one signs up with it, they are listed here with what
                they have earned you
                {terms ? `: ${terms.share_percent}% of their earnings for ${terms.months} months` : ''}.
              </EmptyState>
            ) : (
              <>
                <RowList label="Referred creators">
                  {items.map((r) => (
                    <ReferralRow key={r._id} referral={r} />
                  ))}
                </RowList>
                <LoadMore list={list} />
              </>
            )}
          </>
        )}
      </RequestView>
    </Section>
  );
}
