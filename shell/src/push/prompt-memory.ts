/** How long "Not now" keeps the notifications offer away in this browser (docs/rules.md, Push notifications). */
export const notNowDays = 14;
const dayMs = 24 * 60 * 60 * 1000;
const notNowKey = 'cove:push-not-now-until';
const blockedKey = 'cove:push-blocked-explained';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the answer holds for this page only.
  }
}

/**
 * What the notifications offer remembers of the person's answers, per browser (the permission is the
 * browser's, whoever signs in): "Not now" until a date, and that a block was already explained.
 */
export const promptMemory = {
  putOff(now = Date.now()): void {
    write(notNowKey, new Date(now + notNowDays * dayMs).toISOString());
  },
  isPutOff(now = Date.now()): boolean {
    const until = Date.parse(read(notNowKey) ?? '');
    return Number.isFinite(until) && now < until;
  },
  blockExplained: () => read(blockedKey) === 'true',
  explainedBlock: () => write(blockedKey, 'true'),
};
