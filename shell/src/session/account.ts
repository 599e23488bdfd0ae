import {
  authResponse,
  hasCode,
  linkResponse,
  messages,
  passkeyOptions,
  providerConfig,
  user as userSchema,
  type ApiClient,
  type PopupController,
  type User,
} from '@cove/contracts';
import { ApiError, isApiError, passkeyAssertion, type TokenStore } from '@cove/runtime';
import {
  clearOutboxes,
  setProviderConfig,
  signIn,
  signOut,
  updateUser,
  type OwnedBus,
} from '@cove/runtime/shell';
import type { ShellAccount } from '../services/shell-account';
import type { ShellHost } from '../services/shell-context';
import type { Realtime } from '../realtime/connection';
import { landingAfterSignIn } from './landing';
import { afterSignIn, bannedFlag } from './stored-flags';
import { codeWasSent } from './verification-state';

/** Where a sign-in that needs its second step goes after the link. */
export const secondStepPath = '/login?step=code';

/** The spec's wait before leaving for `/` after a ban. */
export const bannedRedirectMs = 200;
export const sessionEndedNotice = 'Your session has ended. Please sign in again.';

export interface AccountDeps {
  api: ApiClient;
  host: Pick<ShellHost, 'session' | 'navigate'>;
  bus: OwnedBus;
  tokens: TokenStore;
  popups: PopupController;
  realtime: Realtime;
  schedule?: (fn: () => void, ms: number) => void;
}

/** The session's actions. The session proxy is written here and nowhere else. */
export function createAccount(deps: AccountDeps): ShellAccount {
  const { api, bus, tokens, popups, realtime } = deps;
  const { session } = deps.host;
  const schedule = deps.schedule ?? ((fn, ms) => window.setTimeout(fn, ms));

  const announce = () => bus.emit({ type: 'session.changed', status: session.status });
  /** The limited token of a sign-in waiting for its second step: kept in memory only, never stored. */
  let secondStepToken: string | null = null;

  /** Signs in with a full session's token and user; where to go next. */
  function signedIn(answer: { token: string; user: User }): string {
    tokens.set(answer.token);
    // Still marked banned in this browser, yet signed in: staff lifted the ban. /clear-token says so.
    const unbanned = bannedFlag.get();
    bannedFlag.clear();
    // The server mails an unverified fan a code as the link is redeemed.
    if (answer.user.type === 'user' && !answer.user.email_verified) codeWasSent();
    start(answer.user);
    void loadConfig();
    const landing = landingAfterSignIn(answer.user, afterSignIn.take());
    return unbanned ? '/clear-token' : landing;
  }

  function start(user: User) {
    const wasSignedIn = session.status === 'signed-in';
    signIn(session, user);
    realtime.start();
    if (!wasSignedIn) announce();
  }

  async function loadConfig(signal?: AbortSignal) {
    const sentWith = tokens.get();
    try {
      account.applyConfig(
        await api.get('/v1/provider/config', {
          query: { platform: 'react' },
          schema: providerConfig,
          signal,
        }),
        sentWith,
      );
    } catch (err) {
      if (!(isApiError(err) && err.aborted)) console.warn('Provider config did not load', err);
    }
  }

  const account: ShellAccount = {
    async boot(signal) {
      const config = loadConfig(signal);
      if (!tokens.get()) {
        signOut(session);
        announce();
      } else {
        try {
          start(await api.get('/v1/users/me', { schema: userSchema, signal }));
        } catch (err) {
          if (isApiError(err) && err.aborted) return;
          // A refused token was handled by the 401 hook; a network failure keeps it for the next visit.
          if (session.status === 'unknown') {
            signOut(session);
            announce();
          }
        }
      }
      await config;
    },

    async redeemLink(linkToken) {
      const answer = await api.post('/v1/auth', { token: linkToken }, { schema: linkResponse });
      if ('second_step' in answer) {
        secondStepToken = answer.second_step_token;
        return secondStepPath;
      }
      return signedIn(answer);
    },

    hasSecondStep: () => secondStepToken !== null,

    async finishSecondStep(proof) {
      if (!secondStepToken) throw new ApiError(401, messages.signIn);
      const second_step_token = secondStepToken;
      try {
        const answer = await api.post(
          '/v1/auth/second-step',
          proof === 'passkey'
            ? {
                second_step_token,
                passkey: await passkeyAssertion(
                  await api.post(
                    '/v1/auth/second-step/passkey-options',
                    { second_step_token },
                    { schema: passkeyOptions },
                  ),
                ),
              }
            : { second_step_token, code: proof.code },
          { schema: authResponse },
        );
        secondStepToken = null;
        return signedIn(answer);
      } catch (err) {
        // Too many wrong codes, or the limited token expired: this sign-in is over.
        if (isApiError(err) && (err.status === 401 || hasCode(err, 'factor_locked'))) secondStepToken = null;
        throw err;
      }
    },

    applyConfig(config, sentWith = tokens.get()) {
      setProviderConfig(session, config);
      // A guest answer to a request that carried this browser's token: the server no longer knows
      // it. An answer to a request sent before a sign-in (in this tab or another) proves nothing.
      if (config.is_guest && sentWith && tokens.get() === sentWith) account.end('expired');
    },

    async reload() {
      if (!tokens.get()) return;
      const user = await api.get('/v1/users/me', { schema: userSchema });
      if (tokens.get()) start(user);
    },

    async patch(changes) {
      const id = session.user?._id;
      if (!id) throw new ApiError(401, messages.signIn);
      const user = await api.patch(`/v1/users/${encodeURIComponent(id)}`, changes, { schema: userSchema });
      updateUser(session, user);
      return user;
    },

    async logout() {
      if (tokens.get()) await api.send('DELETE', '/v1/auth').catch(() => undefined);
      account.end('logout');
    },

    end(reason) {
      const hadSession = session.status === 'signed-in' || tokens.get() !== null;
      tokens.clear();
      realtime.stop();
      // A person signing out (or banned) leaves no unsent messages behind; an expired session keeps
      // them for the same person's next sign-in.
      if (reason !== 'expired') clearOutboxes();
      if (session.status !== 'signed-out') {
        signOut(session);
        announce();
      }
      if (!hadSession) return;
      popups.closeAll();
      if (reason === 'banned') return;
      deps.host.navigate('/login', {
        replace: true,
        state: reason === 'expired' ? { notice: sessionEndedNotice } : undefined,
      });
    },

    banned() {
      const first = !bannedFlag.get() || session.status === 'signed-in';
      bannedFlag.set();
      account.end('banned');
      if (!first) return;
      popups.open({ kind: 'account-terminated', id: 'account-terminated' });
      schedule(() => deps.host.navigate('/', { replace: true }), bannedRedirectMs);
    },

    forbidden(error) {
      popups.closeAll();
      if (hasCode(error, 'suspended')) return account.banned();
      if (hasCode(error, 'frozen')) {
        updateUser(session, { frozen: true });
        popups.open({ kind: 'account-frozen', id: 'account-frozen', message: error.message });
      }
    },
  };
  return account;
}
