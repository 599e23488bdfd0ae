/** Where the browser keeps the id its canary assignment hashes (docs/frontend-platform.md, Canary). */
const canaryIdKey = 'cove.canary-id';

function randomId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

function kept(storage: () => Storage, key: string): string {
  try {
    const store = storage();
    const known = store.getItem(key);
    if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
    const id = randomId();
    store.setItem(key, id);
    return id;
  } catch {
    // Storage refused (privacy mode): this page gets an id of its own, which is still a fair draw.
    return randomId();
  }
}

/**
 * The random id that decides which version of each remote this browser runs. It stays in this
 * browser (localStorage) and is never sent: the shell picks the version itself.
 */
export const canaryId = (): string => kept(() => window.localStorage, canaryIdKey);
