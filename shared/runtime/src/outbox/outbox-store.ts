/** Each signed-in person's outbox lives in local storage under this prefix and their user id. */
const prefix = 'cove-outbox:';

/** A person's unsent messages, kept in this browser across reloads until they go or the person signs out. */
export interface OutboxStore<T> {
  /** Its local storage key, which other tabs' storage events name. */
  readonly key: string;
  /** What was waiting, oldest first; entries `parse` rejects (an older build's shape) are dropped. */
  load(): T[];
  save(items: readonly T[]): void;
}

export function outboxStore<T>(
  userId: string,
  parse: (value: unknown) => T | null,
  storage: Storage = window.localStorage,
): OutboxStore<T> {
  const key = prefix + userId;
  return {
    key,
    load: () => {
      try {
        const raw: unknown = JSON.parse(storage.getItem(key) ?? '[]');
        return Array.isArray(raw) ? raw.map(parse).filter((item): item is T => item !== null) : [];
      } catch {
        return []; // storage blocked or the entry unreadable: nothing to resume
      }
    },
    save: (items) => {
      try {
        if (items.length === 0) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(items));
      } catch {
        // Storage full or blocked: the outbox still works for this page's life.
      }
    },
  };
}

/** Signing out forgets every outbox in this browser, so nothing of one account waits for the next. */
export function clearOutboxes(storage: Storage = window.localStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(prefix)) storage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing stored to forget.
  }
}
