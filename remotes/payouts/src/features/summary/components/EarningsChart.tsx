import type { EarningsDay } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import shared from '../../../common/Earnings.module.css';
import { niceMax, stack } from '../model/chart-scale';
import { dayLabel, dayTotal, sourceLabels, sources } from '../model/sources';
import styles from '../Summary.module.css';

/** Each day takes a slot this wide in the drawing's units; its bar leaves a gap on either side. */
const slot = 10;
const bar = 7;

/** What the chart says to someone who cannot see it: the month's total and its best day. */
function summaryOf(days: EarningsDay[]): string {
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const best = days.reduce<EarningsDay | null>(
    (top, d) => (!top || dayTotal(d) > dayTotal(top) ? d : top),
    null,
  );
  if (!best || dayTotal(best) <= 0) return `No earnings in the last ${days.length} days.`;
  return `Earnings per day over the last ${days.length} days, by source: ${formatMoney(total)} in all; the best day was ${dayLabel(best.date)} with ${formatMoney(dayTotal(best))}.`;
}

/** A day's figures in a line, for the bar's tooltip. */
function dayTitle(day: EarningsDay): string {
  const parts = sources.filter((s) => day[s] !== 0).map((s) => `${sourceLabels[s]} ${formatMoney(day[s])}`);
  return `${dayLabel(day.date)}: ${formatMoney(dayTotal(day))}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** The last days' earnings as stacked bars per day and source, drawn by hand, with its numbers as a table. */
export function EarningsChart({ days }: { days: EarningsDay[] }) {
  const max = niceMax(
    Math.max(0, ...days.map((d) => sources.reduce((sum, s) => sum + Math.max(d[s], 0), 0))),
  );
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className={styles.chart}>
      <div className={styles.plot}>
        <div className={styles.yAxis} aria-hidden="true">
          <span>{formatMoney(max)}</span>
          <span>{formatMoney(max / 2)}</span>
          <span>{formatMoney(0)}</span>
        </div>
        <svg
          className={styles.svg}
          role="img"
          aria-label={summaryOf(days)}
          viewBox={`0 0 ${Math.max(days.length, 1) * slot} 100`}
          preserveAspectRatio="none"
        >
          {[0, 50, 100].map((y) => (
            <line
              key={y}
              className={styles.grid}
              x1={0}
              x2={days.length * slot}
              y1={y}
              y2={y}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, i) => (
            <g key={day.date}>
              <title>{dayTitle(day)}</title>
              {/* The whole slot answers the pointer, so a short bar still shows its tooltip. */}
              <rect className={styles.hit} x={i * slot} y={0} width={slot} height={100} />
              {stack(
                sources.map((s) => day[s]),
                max,
              ).map((segment, j) =>
                segment.height > 0 ? (
                  <rect
                    key={sources[j]}
                    className={styles[sources[j] as string]}
                    x={i * slot + (slot - bar) / 2}
                    y={segment.y}
                    width={bar}
                    height={segment.height}
                  />
                ) : null,
              )}
            </g>
          ))}
        </svg>
        {first && last && (
          <div className={styles.xAxis} aria-hidden="true">
            <span>{dayLabel(first.date)}</span>
            <span>{dayLabel(last.date)}</span>
          </div>
        )}
      </div>
      <ul className={styles.legend} aria-label="Sources">
        {sources.map((s) => (
          <li key={s}>
            <span className={`${styles.swatch} ${styles[s]}`} aria-hidden="true" />
            {sourceLabels[s]}
          </li>
        ))}
      </ul>
      {/* A table is as wide as its cells whatever its width says: the box around it hides it. */}
      <div className={shared.srOnly}>
        <table>
          <caption>Earnings per day, by source</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {sources.map((s) => (
                <th key={s} scope="col">
                  {sourceLabels[s]}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                {sources.map((s) => (
                  <td key={s}>{formatMoney(day[s])}</td>
                ))}
                <td>{formatMoney(dayTotal(day))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
