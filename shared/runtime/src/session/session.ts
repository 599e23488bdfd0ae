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

/** Changes some fields of the signed-in user (from an event or an answer); nothing when signed out. */
export function updateUser(session: HostSession, changes: Partial<User>): void {
  if (!session.user) return;
  Object.assign(session.user, changes);
  if (changes.credits !== undefined) session.credits = changes.credits;
}

export function setCredits(session: HostSession, credits: number): void {
  session.credits = credits;
  if (session.user) session.user.credits = credits;
}

export function setProviderConfig(session: HostSession, config: ProviderConfig | null): void {
  session.config = config;
}
