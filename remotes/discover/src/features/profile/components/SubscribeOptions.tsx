import type { SubscribeOption } from '@cove/contracts';
import { formatDateTime, formatMoney } from '@cove/runtime';
import { Button, ButtonLink } from '@cove/ui';
import styles from './SubscribeOptions.module.css';

/** The one-month option (at a promotion's price when the viewer may have it) and the bundles. */
export const splitOptions = (options: readonly SubscribeOption[]) => ({
  month: options.find((o) => o.months === 1) ?? null,
  bundles: options.filter((o) => o.months > 1),
});

/** The main Subscribe button's words: the monthly price, or a promotion's first month. */
export const monthButtonText = (month: SubscribeOption | null, monthly: number) =>
  month?.promotion
    ? `Subscribe · ${formatMoney(month.total)} first month`
    : `Subscribe · ${formatMoney(monthly)} / month`;

/** A running promotion under the button: what it takes off, then the monthly price, and when it ends. */
export function PromotionNote({ month, monthly }: { month: SubscribeOption | null; monthly: number }) {
  if (!month?.promotion) return null;
  return (
    <p className={styles.promotion} role="note">
      {optionWords(month, monthly).detail}
    </p>
  );
}

/** What one option says: its length and total, and what it saves or how long its price lasts. */
export function optionWords(option: SubscribeOption, monthly: number) {
  const length = option.months === 1 ? '1 month' : `${option.months} months`;
  const detail = option.promotion
    ? `${option.percent_off}% off your first month, then ${formatMoney(monthly)} a month. Offer ends ${formatDateTime(option.promotion.ends_at)}`
    : option.months > 1
      ? `Save ${formatMoney(option.saving)} (${option.percent_off}% off), then ${formatMoney(monthly)} a month`
      : 'Renews monthly';
  return { length, price: formatMoney(option.total), detail };
}

/**
 * Bundles a profile offers, each a button with its dollar total (a chosen one opens the
 * confirm sheet) or, for a visitor, a link through sign-in (`hrefFor`).
 */
export function SubscribeOptions({
  options,
  monthly,
  onChoose,
  hrefFor,
  disabled = false,
}: {
  options: readonly SubscribeOption[];
  monthly: number;
  onChoose?: (option: SubscribeOption) => void;
  hrefFor?: (option: SubscribeOption) => string;
  disabled?: boolean;
}) {
  return (
    <ul className={styles.options} aria-label="Pay for several months">
      {options.map((option) => {
        const words = optionWords(option, monthly);
        const body = (
          <span className={styles.body}>
            <span className={styles.length}>
              {words.length}
              {option.promotion && <span className={styles.badge}>{option.percent_off}% off</span>}
            </span>
            <span className={styles.price}>
              {words.price}
              {option.saving > 0 && <s className={styles.was}>{formatMoney(option.total + option.saving)}</s>}
            </span>
            <span className={styles.detail}>{words.detail}</span>
          </span>
        );
        return (
          <li key={option.months}>
            {hrefFor ? (
              <ButtonLink to={hrefFor(option)} variant="secondary">
                {body}
              </ButtonLink>
            ) : (
              <Button variant="secondary" disabled={disabled} onClick={() => onChoose?.(option)}>
                {body}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
