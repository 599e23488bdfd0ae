import { providerConfig, user, type HostContext } from '@cove/contracts';
import { isApiError, setProviderConfig, signIn, signOut, tokenKey } from '@cove/runtime';

function hasToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem(tokenKey));
  } catch {
    return false;
  }
}

/**
 * Reads who is signed in and the provider config at boot. Sign-in, the socket and session events build
 * on this; until a token exists the session is simply signed out.
 */
export async function loadSession(host: HostContext, signal: AbortSignal): Promise<void> {
  const config = host.api
    .get('/v1/provider/config', { query: { platform: 'react' }, schema: providerConfig, signal })
    .then((c) => setProviderConfig(host.session, c))
    .catch((err: unknown) => console.warn('Provider config did not load', err));

  if (!hasToken()) signOut(host.session);
  else {
    try {
      signIn(host.session, await host.api.get('/v1/users/me', { schema: user, signal }));
    } catch (err) {
      if (isApiError(err) && err.aborted) return;
      signOut(host.session);
    }
  }
  host.bus.emit({ type: 'session.changed', status: host.session.status });
  await config;
}
