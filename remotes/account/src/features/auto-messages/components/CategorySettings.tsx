import { kit } from '@cove/ui';
import { useId } from 'react';
import { cooldownChoices, delayChoices } from '../model/categories';
import type { Draft } from '../model/draft';
import styles from '../AutoMessages.module.css';

type Settings = Pick<Draft, 'delay_minutes' | 'cooldown_hours'>;

/** The choices of a select, with the saved value kept even when it is not one of them. */
const withValue = (choices: { value: number; label: string }[], value: number, unit: string) =>
  choices.some((c) => c.value === value) ? choices : [...choices, { value, label: `${value} ${unit}` }];

/** When a category's messages go out: the delay after the event, and the cooldown between categories. */
export function CategorySettings({
  draft,
  onChange,
}: {
  draft: Settings;
  onChange(patch: Partial<Settings>): void;
}) {
  const delayId = useId();
  const cooldownId = useId();
  return (
    <div className={styles.settings}>
      <label className={styles.field} htmlFor={delayId}>
        <span>Send</span>
        <select
          className={kit.compactInput}
          id={delayId}
          value={draft.delay_minutes}
          onChange={(e) => onChange({ delay_minutes: Number(e.target.value) })}
        >
          {withValue(delayChoices, draft.delay_minutes, 'minutes').map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field} htmlFor={cooldownId}>
        <span>Skip if another auto-message reached the fan within</span>
        <select
          className={kit.compactInput}
          id={cooldownId}
          value={draft.cooldown_hours}
          onChange={(e) => onChange({ cooldown_hours: Number(e.target.value) })}
        >
          {withValue(cooldownChoices, draft.cooldown_hours, 'hours').map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
