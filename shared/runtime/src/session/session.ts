import type { ProviderConfig, SessionState, User } from '@cove/contracts';
import { proxy } from 'valtio';

/**
 * The session state the shell owns, and the only functions that write it. They are reached through
 * `@cove/runtime/shell`; remotes get the session read-only (`HostSession`).
 */
export function createSession(): SessionState {
  return proxy<SessionState>({ status: 'unknown', user: null, config: null, credits: 0 });
}

export function signIn(session: SessionState, user: User): void {
  session.user = user;
  session.credits = user.credits;
  session.status = 'signed-in';
}

export function signOut(session: SessionState): void {
  session.user = null;
  session.credits = 0;
  session.status = 'signed-out';
}

/** Changes some fields of the signed-in user (from an event or an answer); nothing when signed out. */
export function updateUser(session: SessionState, changes: Partial<User>): void {
  if (!session.user) return;
  Object.assign(session.user, changes);
  if (changes.credits !== undefined) session.credits = changes.credits;
}

export function setCredits(session: SessionState, credits: number): void {
  session.credits = credits;
  if (session.user) session.user.credits = credits;
}

export function setProviderConfig(session: SessionState, config: ProviderConfig | null): void {
  session.config = config;
}
