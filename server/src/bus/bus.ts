/**
 * Tells server instances that something happened; it carries no state of its own. Realtime events
 * are stored in the database first, so a lost bus message delays delivery but never loses an event.
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
