import { errorMessage, passkeyConfirmation, passkeysSupported, useHost } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useState } from 'react';

/**
 * "Use a passkey" where a code from the app is asked: the browser's passkey prompt, then the
 * confirmation the server gave goes where the typed code would (docs/rules.md, Second factor).
 * `ready` checks the rest of the form first, so the prompt opens only for a change that can be sent.
 */
export function PasskeyButton({
  ready,
  busy,
  onConfirmation,
}: {
  ready(): boolean;
  busy: boolean;
  onConfirmation(confirmation: string): void;
}) {
  const { api } = useHost();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!passkeysSupported()) return null;

  async function confirm() {
    if (!ready() || waiting) return;
    setError(null);
    setWaiting(true);
    try {
      onConfirmation(await passkeyConfirmation(api));
    } catch (err) {
      setError(err);
    } finally {
      setWaiting(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void confirm()}
        disabled={busy || waiting}
        aria-busy={waiting}
      >
        {waiting ? 'Waiting for your passkey…' : 'Use a passkey'}
      </Button>
      {Boolean(error) && (
        <p className={kit.alert} role="alert">
          {errorMessage(error)}
        </p>
      )}
    </>
  );
}
