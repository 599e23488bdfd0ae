import { createStore } from '@cove/runtime';

const keyFor = (userId: string) => `cove:dismissed-banners:${userId}`;

function read(userId: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The banners each person closed, per account in this browser (storage may be blocked: then a close
 * holds for this page only). A store, so every Banners in the page hears a close at once.
 */
export const bannerDismissals = createStore<{ byUser: Record<string, string[]> }>({ byUser: {} });

export function dismissedFor(userId: string): ReadonlySet<string> {
  bannerDismissals.byUser[userId] ??= read(userId);
  return new Set(bannerDismissals.byUser[userId]);
}

export function dismissBanner(userId: string, key: string): void {
  const next = [...new Set([...dismissedFor(userId), key])];
  bannerDismissals.byUser[userId] = next;
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify(next));
  } catch {
    // Storage blocked: closed for this page only.
  }
}
