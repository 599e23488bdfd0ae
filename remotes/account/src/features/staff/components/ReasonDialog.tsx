import { Button, kit, Sheet, SheetActions } from '@cove/ui';
import { type ReactNode, useId, useState } from 'react';

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
  const [reason, setReason] = useState('');
  const reasonId = useId();
  return (
    <Sheet title={title} onClose={onCancel}>
      <form
        className={kit.stack}
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) onConfirm(reason.trim());
        }}
      >
        {extra}
        <div className={kit.field}>
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
        </div>
        {error && (
          <p className={kit.error} role="alert">
            {error}
          </p>
        )}
        <SheetActions>
          <Button type="submit" variant="danger" disabled={!reason.trim() || pending}>
            {confirmLabel}
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </SheetActions>
      </form>
    </Sheet>
  );
}
