import type { AccountStats } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { dayTotal, sourceLabels, sources } from '../model/sources';
import styles from '../Summary.module.css';

/** The period's earnings per source, with their sum. */
export function SourceTotals({ totals }: { totals: AccountStats['totals'] }) {
  return (
    <dl className={styles.sources}>
      {sources.map((s) => (
        <div key={s} className={styles.source}>
          <dt>
            <span className={`${styles.swatch} ${styles[s]}`} aria-hidden="true" />
            {sourceLabels[s]}
          </dt>
          <dd>{formatMoney(totals[s])}</dd>
        </div>
      ))}
      <div className={`${styles.source} ${styles.sum}`}>
        <dt>Total</dt>
        <dd>{formatMoney(dayTotal(totals))}</dd>
      </div>
    </dl>
  );
}
