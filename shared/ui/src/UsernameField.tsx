import type { UsernameCheck } from '@cove/runtime';
import { useId } from 'react';
import styles from './Field.module.css';

function describe(
  check: UsernameCheck,
  value: string,
): { text: string; tone: 'ok' | 'bad' | 'quiet' } | null {
  switch (check.state) {
    case 'empty':
    case 'unchanged':
      return null;
    case 'checking':
      return { text: 'Checking…', tone: 'quiet' };
    case 'available':
      return { text: `${value.trim()} is available`, tone: 'ok' };
    case 'invalid':
    case 'taken':
    case 'error':
      return { text: check.message, tone: 'bad' };
  }
}

/** A username input that says, as you type, whether the name is allowed and free. */
export function UsernameField({
  value,
  onChange,
  check,
  label = 'Username',
}: {
  value: string;
  onChange(value: string): void;
  check: UsernameCheck;
  label?: string;
}) {
  const id = useId();
  const status = describe(check, value);
  const bad = status?.tone === 'bad';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        aria-invalid={bad}
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className={styles[status?.tone ?? 'quiet']} aria-live="polite">
        {status?.text ?? 'Letters, numbers and hyphens, 3 to 30 characters.'}
      </p>
    </div>
  );
}

/** Whether a form may save this username. */
export const usernameReady = (check: UsernameCheck) =>
  check.state === 'available' || check.state === 'unchanged';
