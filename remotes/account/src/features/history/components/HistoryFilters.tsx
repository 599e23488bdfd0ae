import { kit } from '@cove/ui';
import { useId } from 'react';
import { type FilterGroup, filterGroups, type HistoryFilter } from '../model/history-filter';
import styles from '../History.module.css';

/** What to show: one group of kinds and a range of days (both ends included, UTC). */
export function HistoryFilters({
  filter,
  onChange,
}: {
  filter: HistoryFilter;
  onChange(next: HistoryFilter): void;
}) {
  const id = useId();
  return (
    <fieldset className={styles.filters}>
      <legend className={kit.srOnly}>Filter the history</legend>
      <div className={kit.field}>
        <label className={kit.label} htmlFor={`${id}-show`}>
          Show
        </label>
        <select
          id={`${id}-show`}
          className={kit.input}
          value={filter.show}
          onChange={(e) => onChange({ ...filter, show: e.target.value as FilterGroup })}
        >
          {filterGroups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.label}
            </option>
          ))}
        </select>
      </div>
      <div className={kit.field}>
        <label className={kit.label} htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          className={kit.input}
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(e) => onChange({ ...filter, from: e.target.value })}
        />
      </div>
      <div className={kit.field}>
        <label className={kit.label} htmlFor={`${id}-to`}>
          To
        </label>
        <input
          id={`${id}-to`}
          className={kit.input}
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(e) => onChange({ ...filter, to: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
