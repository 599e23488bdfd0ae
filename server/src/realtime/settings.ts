/** Realtime timings and limits (docs/rules.md, Realtime). Tests shorten them through `AppOptions.realtime`. */
export interface RealtimeSettings {
  /** A re-read of every socket's log this often (so a lost bus notice delays at most this). */
  beatMs: number;
  /**
   * Protocol pings this often; a socket that has not answered the previous one is dropped, so a peer
   * that vanished without closing (a killed browser, a lost network) goes offline within two of these.
   */
  pingMs: number;
  /** Each instance says it is alive this often… */
  presenceHeartbeatMs: number;
  /** …and is taken for dead, its sockets no longer counted, when it has not for this long. */
  presenceLapseMs: number;
  /** Logged events wait while a socket has more than this queued, and resume once it has drained. */
  highWaterBytes: number;
  /** A socket with more than this queued (presence and typing are not held back) is closed; the client resumes. */
  hardLimitBytes: number;
  /** The event log keeps this much of each user's history. */
  eventLog: EventLogLimits;
  pruneEveryMs: number;
}

export interface EventLogLimits {
  maxAgeMs: number;
  maxPerUser: number;
}

const KiB = 1024;
const DAY_MS = 24 * 60 * 60_000;

export const defaultRealtimeSettings: RealtimeSettings = {
  beatMs: 30_000,
  pingMs: 10_000,
  presenceHeartbeatMs: 10_000,
  presenceLapseMs: 30_000,
  highWaterBytes: 256 * KiB,
  hardLimitBytes: 4096 * KiB,
  eventLog: { maxAgeMs: 30 * DAY_MS, maxPerUser: 10_000 },
  pruneEveryMs: 60 * 60_000,
};
