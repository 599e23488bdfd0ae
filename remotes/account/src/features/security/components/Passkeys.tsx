import type { SecurityStatus } from '@cove/contracts';
import { errorMessage, formatDateTime, passkeysSupported } from '@cove/runtime';
import { Button, kit, RowList, Section } from '@cove/ui';
import { useId, useState, type FormEvent } from 'react';
import { useAddPasskey, useNewRecoveryCodesWithPasskey, useRemovePasskey } from '../api/passkeys';
import styles from '../Security.module.css';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Passkeys: the person's list (name, added, last used, remove) and adding one with a name. Beside a
 * factor they have, that factor confirms the new passkey first: a passkey of theirs, else their app's code.
 */
export function Passkeys({ status }: { status: SecurityStatus }) {
  const id = useId();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const renew = useNewRecoveryCodesWithPasskey();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const hasPasskeys = status.passkeys.length > 0;
  const needsCode = !hasPasskeys && status.totp;
  const supported = passkeysSupported();

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || (needsCode && !code.trim()) || add.isPending) return;
    add.mutate(
      { name: name.trim(), ...(needsCode ? { code: code.trim() } : { withPasskey: hasPasskeys }) },
      {
        onSuccess: (answer) => {
          setName('');
          setCode('');
          setTried(false);
          if (answer.recovery_codes.length > 0) setCodes(answer.recovery_codes);
        },
      },
    );
  }

  if (codes) {
    return (
      <Section title="Passkeys">
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </Section>
    );
  }

  const error = add.error ?? remove.error ?? renew.error;
  return (
    <Section title="Passkeys">
      <p>
        A passkey signs you in with this device’s screen lock, your phone or a security key, and confirms
        payout changes, in place of a code from an app.
      </p>
      {hasPasskeys ? (
        <RowList label="Your passkeys">
          {status.passkeys.map((p) => (
            <li key={p._id} className={styles.session} aria-label={p.name}>
              <div className={styles.sessionText}>
                <span className={styles.device}>{p.name}</span>
                <span className={kit.hint}>
                  Added {formatDateTime(p.created_at)} ·{' '}
                  {p.last_used_at ? `last used ${formatDateTime(p.last_used_at)}` : 'not used yet'}
                </span>
              </div>
              <Button
                variant="danger"
                aria-label={`Remove ${p.name}`}
                disabled={remove.isPending && remove.variables === p._id}
                onClick={() => remove.mutate(p._id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </RowList>
      ) : (
        <p className={kit.hint}>No passkeys yet.</p>
      )}
      {!status.totp && hasPasskeys && (
        <div className={styles.codeRow}>
          <p className={kit.hint}>{status.recovery_codes_left} of 10 recovery codes left.</p>
          <Button
            variant="secondary"
            disabled={renew.isPending}
            aria-busy={renew.isPending}
            onClick={() =>
              renew.mutate(undefined, { onSuccess: (answer) => setCodes(answer.recovery_codes) })
            }
          >
            Make new recovery codes
          </Button>
        </div>
      )}
      {supported ? (
        <form className={styles.codeForm} onSubmit={submit} noValidate aria-label="Add a passkey">
          <label className={kit.field} htmlFor={`${id}-name`}>
            Name for the new passkey
          </label>
          <input
            id={`${id}-name`}
            className={kit.input}
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={tried && !name.trim() ? true : undefined}
            aria-describedby={`${id}-name-hint`}
          />
          <p id={`${id}-name-hint`} className={kit.hint}>
            Such as “Work laptop” or “My phone”, so you can tell your passkeys apart.
          </p>
          {needsCode && (
            <>
              <label className={kit.field} htmlFor={`${id}-code`}>
                Code from your app, to confirm it’s you
              </label>
              <input
                id={`${id}-code`}
                className={`${kit.input} ${styles.codeInput}`}
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={tried && !code.trim() ? true : undefined}
              />
            </>
          )}
          <div>
            <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
              {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
            </Button>
          </div>
        </form>
      ) : (
        <p className={kit.hint}>This browser cannot make passkeys.</p>
      )}
      {Boolean(error) && (
        <p className={kit.alert} role="alert">
          {errorMessage(error)}
        </p>
      )}
    </Section>
  );
}
