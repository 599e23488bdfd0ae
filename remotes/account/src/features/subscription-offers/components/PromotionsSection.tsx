import { PROMOTION_PERCENT_MAX, PROMOTION_PERCENT_MIN, type Promotion, offerTotal } from '@cove/contracts';
import { errorMessage, formatDateTime, formatMoney } from '@cove/runtime';
import { Button, EmptyState, kit } from '@cove/ui';
import { useId, useState } from 'react';
import { useEndPromotion, useStartPromotion } from '../api/offers';
import styles from '../SubscriptionOffers.module.css';

const audienceWords = { new: 'New subscribers', returning: 'Returning subscribers' } as const;
const statusWords = { scheduled: 'Scheduled', active: 'Running', ended: 'Ended' } as const;

/** A datetime-local value a week from now, the form's starting end. */
const inAWeek = () => {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};

function PromotionForm({ monthly }: { monthly: number }) {
  const start = useStartPromotion();
  const [audience, setAudience] = useState<'new' | 'returning'>('new');
  const [percent, setPercent] = useState('20');
  const [ends, setEnds] = useState(inAWeek);
  const [maxUses, setMaxUses] = useState('');
  const p = Number(percent);
  const percentOk = Number.isInteger(p) && p >= PROMOTION_PERCENT_MIN && p <= PROMOTION_PERCENT_MAX;
  const uses = maxUses.trim() === '' ? null : Number(maxUses);
  const usesOk = uses === null || (Number.isInteger(uses) && uses >= 1);
  const endsAt = new Date(ends);
  // A past end the server refuses, in words.
  const endsOk = !Number.isNaN(endsAt.getTime());
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (!percentOk || !usesOk || !endsOk) return;
        start.mutate({
          audience,
          percent_off: p,
          starts_at: new Date().toISOString(),
          ends_at: endsAt.toISOString(),
          max_uses: uses,
        });
      }}
    >
      <div className={styles.grid}>
        <label className={kit.field}>
          <span className={kit.label}>For</span>
          <select
            className={kit.input}
            value={audience}
            onChange={(e) => setAudience(e.target.value as typeof audience)}
          >
            <option value="new">{audienceWords.new}</option>
            <option value="returning">{audienceWords.returning}</option>
          </select>
        </label>
        <label className={kit.field}>
          <span className={kit.label}>% off the first month</span>
          <input
            className={kit.input}
            inputMode="numeric"
            value={percent}
            aria-invalid={!percentOk}
            onChange={(e) => setPercent(e.target.value)}
          />
        </label>
        <label className={kit.field}>
          <span className={kit.label}>Ends</span>
          <input
            className={kit.input}
            type="datetime-local"
            value={ends}
            aria-invalid={!endsOk}
            onChange={(e) => setEnds(e.target.value)}
          />
        </label>
        <label className={kit.field}>
          <span className={kit.label}>Most uses (optional)</span>
          <input
            className={kit.input}
            inputMode="numeric"
            value={maxUses}
            aria-invalid={!usesOk}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </label>
      </div>
      <p className={percentOk ? kit.hint : kit.fieldError} aria-live="polite">
        {percentOk
          ? `The first month costs ${formatMoney(offerTotal(monthly, 1, p))} instead of ${formatMoney(monthly)}.`
          : `A whole number from ${PROMOTION_PERCENT_MIN} to ${PROMOTION_PERCENT_MAX}.`}
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={!percentOk || !usesOk || !endsOk || start.isPending}>
          {start.isPending ? 'Starting…' : 'Start promotion'}
        </Button>
        {start.isError && (
          <p className={kit.error} role="alert">
            {errorMessage(start.error)}
          </p>
        )}
      </div>
    </form>
  );
}

/** Promotions: a share off the first month for new or returning fans, for a while; each can end early. */
export function PromotionsSection({ promotions, monthly }: { promotions: Promotion[]; monthly: number }) {
  const end = useEndPromotion();
  const headingId = useId();
  return (
    <section className={kit.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Promotions
      </h3>
      <PromotionForm monthly={monthly} />
      {promotions.length === 0 ? (
        <EmptyState icon="🏷️" title="No promotions yet">
          A promotion shows its price and end time on your profile and public page.
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Your promotions">
          {promotions.map((p) => (
            <li key={p._id} className={styles.item}>
              <div>
                <p className={styles.itemTitle}>
                  {p.percent_off}% off · {audienceWords[p.audience]} · {statusWords[p.status]}
                </p>
                <p className={kit.hint}>
                  {formatDateTime(p.starts_at)} – {formatDateTime(p.ends_at)} · used {p.used}
                  {p.max_uses !== null ? ` of ${p.max_uses}` : ''}
                </p>
              </div>
              {p.status !== 'ended' && (
                <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate(p._id)}>
                  End now
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {end.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(end.error)}
        </p>
      )}
    </section>
  );
}
