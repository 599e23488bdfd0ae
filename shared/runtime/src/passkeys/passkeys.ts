import {
  type ApiClient,
  type PasskeyAssertion,
  type PasskeyAttestation,
  passkeyOptions,
  factorConfirmation,
} from '@cove/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError } from '../api/api-error';

/** The WebAuthn library loads when a passkey is first used: most page loads never use one. */
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all; the buttons that ask for one are hidden otherwise. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * The browser's passkey prompt over options the server made. A cancelled prompt or a refusal of the
 * browser rejects as a call does (an ApiError, code `passkey_prompt`) with plain words, so every screen
 * shows it as it shows the server's refusals.
 */
export async function passkeyAssertion(options: unknown): Promise<PasskeyAssertion> {
  try {
    const { startAuthentication } = await webAuthn();
    const answer = await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    });
    return answer as unknown as PasskeyAssertion;
  } catch (err) {
    throw promptError(err);
  }
}

export async function passkeyAttestation(options: unknown): Promise<PasskeyAttestation> {
  try {
    const { startRegistration } = await webAuthn();
    const answer = await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    });
    return answer as unknown as PasskeyAttestation;
  } catch (err) {
    throw promptError(err);
  }
}

/** The browser's words are technical ("NotAllowedError: The operation either timed out…"): ours are not. */
function promptError(err: unknown): ApiError {
  const name = err instanceof Error ? err.name : '';
  const refusal = (message: string) => new ApiError(0, message, { code: 'passkey_prompt' });
  if (name === 'NotAllowedError' || name === 'AbortError')
    return refusal('The passkey prompt was closed or timed out. Please try again.');
  if (name === 'InvalidStateError') return refusal('This passkey is already added to your account.');
  return refusal('This browser could not use a passkey. Please try again or use a code.');
}

/**
 * Confirms with a passkey where a code is asked (docs/rules.md, Second factor): the server's challenge,
 * the browser's prompt, and the single-use confirmation that goes in place of the code.
 */
export async function passkeyConfirmation(api: ApiClient): Promise<string> {
  const options = await api.post(
    '/v1/account/security/passkeys/confirm-options',
    {},
    { schema: passkeyOptions },
  );
  const response = await passkeyAssertion(options);
  const answer = await api.post(
    '/v1/account/security/passkeys/confirm',
    { response },
    { schema: factorConfirmation },
  );
  return answer.confirmation;
}
