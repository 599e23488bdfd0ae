import { errorMessage } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import styles from '../Security.module.css';

/** One field for a code from the authenticator app, with the server's refusal under it. */
export function CodeForm({
  label,
  submitLabel,
  busy,
  error,
  onCode,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onCode(code: string): void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim()) onCode(code.trim());
  }
  return (
    <form className={styles.codeForm} onSubmit={submit} noValidate aria-label={label}>
      <label className={kit.field} htmlFor={id}>
        {label}
      </label>
      <div className={styles.codeRow}>
        <input
          id={id}
          className={`${kit.input} ${styles.codeInput}`}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={Boolean(error)}
        />
        <Button type="submit" disabled={busy || !code.trim()} aria-busy={busy}>
          {busy ? 'Checking…' : submitLabel}
        </Button>
      </div>
      {Boolean(error) && (
        <p className={kit.fieldError} role="alert">
          {errorMessage(error)}
        </p>
      )}
    </form>
  );
}
