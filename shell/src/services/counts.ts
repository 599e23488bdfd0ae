/** What the shell keeps people aware of on every screen; a store, read with `useStore`. */
export interface Counts {
  /** Unread messages in all chats, and in favourite chats: the server's totals. */
  messages: number;
  favorites: number;
  /** Unread notification records (the bell). */
  notifications: number;
}

export interface CountsService {
  state: Counts;
  /**
   * Calls `listener` with the unread messages total once known and at each change, for what is not
   * React (the title, the app badge); returns the stop.
   */
  onMessages(listener: (messages: number) => void): () => void;
  /** Follows the server's events and the session for the page's life; returns the stop. */
  start(): () => void;
  /** Reads the totals again (a sign-in, or a socket that starts from the server's present). */
  refresh(): Promise<void>;
}
