import type { Broadcast } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { kit } from '@cove/ui';
import styles from '../BroadcastStats.module.css';

/** `part` of `whole` as a whole percentage; nothing to say of an empty whole. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * A broadcast's funnel: sent → viewed → bought → revenue, as numbers, with a bar drawing how much of
 * what was sent was viewed and bought (the numbers say it for screen readers).
 */
export function Funnel({ broadcast: b }: { broadcast: Broadcast }) {
  const steps = [
    { label: 'Sent', value: b.sent.toLocaleString('en-US') },
    { label: 'Viewed', value: `${b.viewed.toLocaleString('en-US')} (${percent(b.viewed, b.sent)}%)` },
    { label: 'Bought', value: `${b.bought.toLocaleString('en-US')} (${percent(b.bought, b.sent)}%)` },
    { label: 'Revenue', value: formatMoney(b.revenue) },
  ];
  return (
    <div className={styles.funnel}>
      <div className={styles.track} aria-hidden="true">
        <span className={styles.viewed} style={{ width: `${percent(b.viewed, b.sent)}%` }} />
        <span className={styles.bought} style={{ width: `${percent(b.bought, b.sent)}%` }} />
      </div>
      <dl className={`${kit.facts} ${styles.steps}`}>
        {steps.map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
