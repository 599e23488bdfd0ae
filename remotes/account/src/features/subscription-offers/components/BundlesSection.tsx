import { BUNDLE_MONTHS, BUNDLE_PERCENT_MAX, offerTotal, type SubscriptionBundle } from '@cove/contracts';
import { errorMessage, formatMoney } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useState } from 'react';
import { useSaveBundles } from '../api/offers';
import styles from '../SubscriptionOffers.module.css';

type Draft = Record<(typeof BUNDLE_MONTHS)[number], string>;

const draftOf = (bundles: SubscriptionBundle[]): Draft => {
  const percent = (m: number) => String(bundles.find((b) => b.months === m)?.percent_off ?? '');
  return { 3: percent(3), 6: percent(6), 12: percent(12) };
};

/** A length's discount as typed: a whole 1–60, or empty for not offered; NaN when neither. */
const parsed = (text: string) => (text.trim() === '' ? null : Number(text));
const valid = (p: number | null) => p === null || (Number.isInteger(p) && p >= 1 && p <= BUNDLE_PERCENT_MAX);

/** The creator's bundles: a discount for 3, 6 and 12 months, each with what a fan would pay. */
export function BundlesSection({ bundles, monthly }: { bundles: SubscriptionBundle[]; monthly: number }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(bundles));
  const save = useSaveBundles();
  const headingId = useId();
  const invalid = BUNDLE_MONTHS.some((m) => !valid(parsed(draft[m])));
  const submit = () => {
    const chosen = BUNDLE_MONTHS.flatMap((months) => {
      const percent = parsed(draft[months]);
      return percent === null ? [] : [{ months, percent_off: percent }];
    });
    save.mutate({ bundles: chosen });
  };
  return (
    <section className={kit.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Bundles
      </h3>
      <p className={kit.hint}>
        Let fans pay for several months at once for less. Leave a length empty to not offer it. After a
        bundle, the subscription renews monthly at {formatMoney(monthly)}.
      </p>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) submit();
        }}
      >
        {BUNDLE_MONTHS.map((months) => {
          const percent = parsed(draft[months]);
          const ok = valid(percent);
          const total = percent && ok ? offerTotal(monthly, months, percent) : null;
          return (
            <div key={months} className={styles.bundleRow}>
              <label className={kit.field}>
                <span className={kit.label}>{months} months, % off</span>
                <input
                  className={`${kit.input} ${kit.compactInput}`}
                  inputMode="numeric"
                  value={draft[months]}
                  aria-invalid={!ok}
                  onChange={(e) => setDraft((d) => ({ ...d, [months]: e.target.value }))}
                />
              </label>
              <p className={ok ? kit.hint : kit.fieldError} aria-live="polite">
                {!ok
                  ? `A whole number from 1 to ${BUNDLE_PERCENT_MAX}, or empty.`
                  : total === null
                    ? 'Not offered'
                    : `Fans pay ${formatMoney(total)}, saving ${formatMoney(monthly * months - total)}`}
              </p>
            </div>
          );
        })}
        <div className={styles.actions}>
          <Button type="submit" disabled={invalid || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save bundles'}
          </Button>
          {save.isSuccess && (
            <p className={kit.ok} role="status">
              Bundles saved.
            </p>
          )}
          {save.isError && (
            <p className={kit.error} role="alert">
              {errorMessage(save.error)}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
