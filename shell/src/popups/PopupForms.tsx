import { Button } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import styles from './Popup.module.css';

type Confirm = (value: string) => void;

/** Gender choice; the opener saves it. */
export function GenderForm({ onConfirm }: { onConfirm: Confirm }) {
  const options = [
    ['male', 'Man'],
    ['female', 'Woman'],
    ['trans', 'Trans'],
  ] as const;
  return (
    <div className={styles.actions} role="group" aria-label="Gender">
      {options.map(([value, label]) => (
        <Button key={value} variant="secondary" onClick={() => onConfirm(value)}>
          {label}
        </Button>
      ))}
    </div>
  );
}

/** One text value (invite code, username) checked by `validate`; the opener saves it. */
export function TextValueForm({
  label,
  submitLabel,
  validate,
  onConfirm,
}: {
  label: string;
  submitLabel: string;
  validate(value: string): string | null;
  onConfirm: Confirm;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validate(value.trim());
    if (problem) setError(problem);
    else onConfirm(value.trim());
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <input
        className={styles.input}
        aria-label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={Boolean(error)}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}

/** The spec's username rules, in its words. */
export function usernameProblem(value: string): string | null {
  if (!value) return 'Username is required';
  if (value.length < 3) return 'Username should contain at least 3 characters';
  if (value.length > 30) return 'Username cannot exceed 30 characters';
  if (!/^[A-Za-z0-9-]+$/.test(value)) return 'Usernames can only contain letters, numbers and hyphens';
  if (!/^[A-Za-z0-9]/.test(value)) return 'Usernames must start with letters or numbers';
  if (!/[A-Za-z0-9]$/.test(value)) return 'Usernames must end with letters or numbers';
  return null;
}

export const inviteCodeProblem = (value: string) => (value ? null : 'Required field cannot be blank');
