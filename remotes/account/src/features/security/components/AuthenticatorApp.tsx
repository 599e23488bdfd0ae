import type { SecurityStatus } from '@cove/contracts';
import { errorMessage } from '@cove/runtime';
import { Button, kit, Section } from '@cove/ui';
import { useState } from 'react';
import { useConfirmTotp, useNewRecoveryCodes, useStartTotp } from '../api/totp';
import styles from '../Security.module.css';
import { CodeForm } from './CodeForm';
import { RecoveryCodes } from './RecoveryCodes';

/** The QR code the server drew, as an image an app can scan. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The authenticator app: set it up (scan or type the key, confirm with a first code, keep the recovery
 * codes), or, once on, make new recovery codes.
 */
export function AuthenticatorApp({ status }: { status: SecurityStatus }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const renew = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewing, setRenewing] = useState(false);

  if (codes) {
    return (
      <Section title="Authenticator app">
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </Section>
    );
  }

  if (status.totp) {
    return (
      <Section title="Authenticator app">
        <p className={kit.ok}>On: signing in and payout changes ask for a code from your app.</p>
        <p className={kit.hint}>{status.recovery_codes_left} of 10 recovery codes left.</p>
        {renewing ? (
          <CodeForm
            label="Code from your app, to make new recovery codes"
            submitLabel="Make new codes"
            busy={renew.isPending}
            error={renew.error}
            onCode={(code) =>
              renew.mutate(code, {
                onSuccess: (answer) => {
                  setRenewing(false);
                  setCodes(answer.recovery_codes);
                },
              })
            }
          />
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setRenewing(true)}>
              Make new recovery codes
            </Button>
          </div>
        )}
      </Section>
    );
  }

  const enrolment = start.data;
  return (
    <Section title="Authenticator app">
      {status.required && status.passkeys.length === 0 && (
        <p className={kit.notice} role="status">
          This account needs a second factor: set up an authenticator app or add a passkey to continue.
        </p>
      )}
      <p>
        After the emailed link, Cove asks for a 6-digit code from an app on your phone (such as Google
        Authenticator, 1Password or Authy). Whoever gets into your email still cannot sign in or change where
        your money goes.
      </p>
      {enrolment ? (
        <div className={styles.box}>
          <ol className={styles.steps}>
            <li>
              Scan this QR code with your app:
              <img
                className={styles.qr}
                src={svgSource(enrolment.qr_svg)}
                alt="QR code to add Cove to your app"
              />
            </li>
            <li>
              Or type this setup key:{' '}
              <code className={styles.secret} aria-label="Setup key">
                {enrolment.secret}
              </code>
            </li>
            <li>Enter the code the app shows:</li>
          </ol>
          <CodeForm
            label="Code from your app"
            submitLabel="Verify and turn on"
            busy={confirm.isPending}
            error={confirm.error}
            onCode={(code) =>
              confirm.mutate(
                { code, withPasskey: status.passkeys.length > 0 },
                // Beside a passkey the recovery codes stay as they were: none to show.
                {
                  onSuccess: (answer) =>
                    setCodes(answer.recovery_codes.length > 0 ? answer.recovery_codes : null),
                },
              )
            }
          />
        </div>
      ) : (
        <div>
          <Button onClick={() => start.mutate()} disabled={start.isPending} aria-busy={start.isPending}>
            {start.isPending ? 'Starting…' : 'Set up an authenticator app'}
          </Button>
        </div>
      )}
      {start.isError && (
        <p className={kit.alert} role="alert">
          {errorMessage(start.error)}
        </p>
      )}
    </Section>
  );
}
