import { Button, kit, useModalFocus } from '@cove/ui';
import { type ReactNode, useId, useRef, useState } from 'react';
import styles from '../Staff.module.css';

/**
 * Asks why before a staff action runs: the reason is required and kept in the audit log. `extra`
 * holds the action's own fields (a warning's text, an amount). Escape or Cancel closes it.
 */
export function ReasonDialog({
  title,
  confirmLabel,
  pending,
  error,
  extra,
  onConfirm,
  onCancel,
}: {
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  extra?: ReactNode;
  onConfirm(reason: string): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const reasonId = useId();
  useModalFocus(ref, onCancel);
  return (
    <>
      <div className={styles.backdrop} aria-hidden="true" />
      <form
        ref={ref}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) onConfirm(reason.trim());
        }}
      >
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {extra}
        <label className={kit.label} htmlFor={reasonId}>
          Reason (kept in the audit log)
        </label>
        <textarea
          id={reasonId}
          className={kit.input}
          value={reason}
          maxLength={500}
          required
          rows={3}
          onChange={(e) => setReason(e.target.value)}
        />
        {error && (
          <p className={kit.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={!reason.trim() || pending}>
            {confirmLabel}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </>
  );
}
