import type { HostContext, UserPatch } from '@cove/contracts';
import { errorMessage, useUsernameCheck } from '@cove/runtime';
import { Button, kit, SheetActions, UsernameField, usernameReady } from '@cove/ui';
import { useState, type FormEvent } from 'react';
import styles from './Popup.module.css';

type Confirm = (value?: string) => void;

/** Saves through `host.account.patch`, showing the server's message when it refuses. */
function useSave(host: HostContext, onConfirm: Confirm) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(changes: UserPatch, value: string) {
    setBusy(true);
    setError(null);
    try {
      await host.account.patch(changes);
      onConfirm(value);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return { busy, error, save };
}

const ErrorLine = ({ error }: { error: string | null }) =>
  error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;

/** The essential-info popup: choose a username, checked live, saved with `PATCH /v1/users/{id}`. */
export function UsernameForm({ host, onConfirm }: { host: HostContext; onConfirm: Confirm }) {
  const [value, setValue] = useState(host.session.user?.username ?? '');
  const check = useUsernameCheck(host.api, value, host.session.user?.username ?? null);
  const { busy, error, save } = useSave(host, onConfirm);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (usernameReady(check) && !busy) void save({ username: value.trim() }, value.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <UsernameField value={value} onChange={setValue} check={check} />
      <ErrorLine error={error} />
      <Button type="submit" disabled={!usernameReady(check) || busy}>
        {busy ? 'Saving…' : 'Save username'}
      </Button>
    </form>
  );
}

const genders = [
  ['male', 'Man'],
  ['female', 'Woman'],
  ['trans', 'Trans'],
] as const;

/** The select-gender popup: one tap saves. */
export function GenderForm({ host, onConfirm }: { host: HostContext; onConfirm: Confirm }) {
  const { busy, error, save } = useSave(host, onConfirm);
  return (
    <>
      <SheetActions label="Gender">
        {genders.map(([value, label]) => (
          <Button
            key={value}
            variant="secondary"
            disabled={busy}
            onClick={() => void save({ gender: value }, value)}
          >
            {label}
          </Button>
        ))}
      </SheetActions>
      <ErrorLine error={error} />
    </>
  );
}

/** One text value checked by `validate`; the opener saves it (invite codes). */
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
        className={kit.input}
        aria-label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={Boolean(error)}
      />
      <ErrorLine error={error} />
      <Button type="submit">{submitLabel}</Button>
    </form>
  );
}

export const inviteCodeProblem = (value: string) => (value ? null : 'Required field cannot be blank');
