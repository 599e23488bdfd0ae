/**
 * Where each server instance records how many open, visible sockets it holds per user, next to a
 * heartbeat: Redis keys with a TTL when REDIS_URL is set, PostgreSQL tables otherwise. A user is
 * online while any instance whose heartbeat has not lapsed counts a socket for them, so one
 * instance closing a tab, or dying without a word, is judged against all the others.
 */
export interface PresenceStore {
  /** Says this instance is alive; true when it was not registered (first beat, or taken for dead). */
  heartbeat(): Promise<boolean>;
  /** This instance's count of visible sockets for one user (0 forgets the user). */
  setSockets(userId: string, sockets: number): Promise<void>;
  /** Replaces all of this instance's counts (after it was taken for dead and swept). */
  restore(counts: Map<string, number>): Promise<void>;
  /** Forgets instances whose heartbeat lapsed; answers the users they held sockets for. */
  sweep(): Promise<string[]>;
  /** Of these users, those with a visible socket on a live instance. */
  onlineAmong(userIds: string[]): Promise<Set<string>>;
  /** Unregisters this instance (a clean shutdown); answers the users it held sockets for. */
  leave(): Promise<string[]>;
  close(): Promise<void>;
}
