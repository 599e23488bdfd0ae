import type { UsernameCheck } from '@cove/runtime';
import { useId } from 'react';
import kit from './Kit.module.css';
import styles from './UsernameField.module.css';

function describe(
  check: UsernameCheck,
  value: string,
): { text: string; tone: 'ok' | 'fieldError' | 'hint' } | null {
  switch (check.state) {
    case 'empty':
    case 'unchanged':
      return null;
    case 'checking':
      return { text: 'Checking…', tone: 'hint' };
    case 'available':
      return { text: `${value.trim()} is available`, tone: 'ok' };
    case 'invalid':
    case 'taken':
    case 'error':
      return { text: check.message, tone: 'fieldError' };
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
  const bad = status?.tone === 'fieldError';
  return (
    <div className={`${kit.field} ${styles.field}`}>
      <label htmlFor={id} className={kit.label}>
        {label}
      </label>
      <input
        id={id}
        className={kit.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        aria-invalid={bad}
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className={`${styles.status} ${kit[status?.tone ?? 'hint']}`} aria-live="polite">
        {status?.text ?? 'Letters, numbers and hyphens, 3 to 30 characters.'}
      </p>
    </div>
  );
}

/** Whether a form may save this username. */
export const usernameReady = (check: UsernameCheck) =>
  check.state === 'available' || check.state === 'unchanged';
