import type { HostSession, ProviderConfig, User } from '@cove/contracts';
import { proxy } from 'valtio';

/** The session state the shell owns. Actions are plain functions; remotes only read it. */
export function createSession(): HostSession {
  return proxy<HostSession>({ status: 'unknown', user: null, config: null, credits: 0 });
}

export function signIn(session: HostSession, user: User): void {
  session.user = user;
  session.credits = user.credits;
  session.status = 'signed-in';
}

export function signOut(session: HostSession): void {
  session.user = null;
  session.credits = 0;
  session.status = 'signed-out';
}

export function setProviderConfig(session: HostSession, config: ProviderConfig | null): void {
  session.config = config;
}
