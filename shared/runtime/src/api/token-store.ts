import { tokenKey } from '@cove/contracts';

export { tokenKey };

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export function localTokenStore(storage: Storage = window.localStorage): TokenStore {
  return {
    get: () => {
      try {
        return storage.getItem(tokenKey);
      } catch {
        return null; // storage blocked (private mode, policy): act signed out
      }
    },
    set: (token) => storage.setItem(tokenKey, token),
    clear: () => storage.removeItem(tokenKey),
  };
}
