import type { Party } from '../helpers/chats';
import { SoftAuthenticator } from './authenticator';

/** A software authenticator for the test server's own origin (its public URL). */
export const authenticatorFor = (publicUrl: string) => new SoftAuthenticator(new URL(publicUrl).origin);

/** Adds a passkey as the security screen does: options, the authenticator's answer, a name. */
export async function addPasskey(p: Party, auth: SoftAuthenticator, name = 'Laptop', current?: string) {
  const options = (await p.api.post('/v1/account/security/passkeys/options')).json();
  return p.api.post('/v1/account/security/passkeys', {
    name,
    response: auth.register(options),
    ...(current ? { current } : {}),
  });
}

/** A passkey confirmation for this session, to stand in for an authenticator code. */
export async function confirmation(p: Party, auth: SoftAuthenticator): Promise<string> {
  const options = (await p.api.post('/v1/account/security/passkeys/confirm-options')).json();
  const answer = await p.api.post('/v1/account/security/passkeys/confirm', {
    response: auth.assert(options),
  });
  if (answer.statusCode !== 200) throw new Error(`passkey confirmation refused: ${answer.body}`);
  return answer.json().confirmation as string;
}
