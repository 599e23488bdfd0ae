/**
 * Email helpers from the spec (section 5): the 'Did you mean' suggestion, the deliverability warning
 * and the masked address. The spec leaves the suggested hosts open; these are the four largest
 * consumer mail hosts.
 */
export const suggestedHosts = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'] as const;

/** Providers whose filters often delay or bin sign-in mail (spec: Yahoo, Outlook, Hotmail, iCloud). */
const slowProviders: Record<string, string> = {
  yahoo: 'Yahoo',
  ymail: 'Yahoo',
  outlook: 'Outlook',
  hotmail: 'Hotmail',
  live: 'Outlook',
  msn: 'Outlook',
  icloud: 'iCloud',
  me: 'iCloud',
  mac: 'iCloud',
};

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function split(email: string): { local: string; domain: string } | null {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return null;
  return { local: email.slice(0, at), domain: email.slice(at + 1).toLowerCase() };
}

/** Levenshtein distance, small strings only. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The address with its domain corrected when the domain is 1 to 3 edits from a known host
 * ('Did you mean river@gmail.com?'); null when it matches a host or is far from all of them.
 */
export function suggestEmail(email: string): string | null {
  const parts = split(email.trim());
  if (!parts) return null;
  let best: { host: string; distance: number } | null = null;
  for (const host of suggestedHosts) {
    const distance = editDistance(parts.domain, host);
    if (distance === 0) return null;
    if (distance <= 3 && (!best || distance < best.distance)) best = { host, distance };
  }
  return best ? `${parts.local}@${best.host}` : null;
}

/** The provider's name when mail to this address is often delayed or filtered, else null. */
export function slowMailProvider(email: string): string | null {
  const parts = split(email.trim());
  if (!parts) return null;
  const label = parts.domain.split('.')[0] ?? '';
  return slowProviders[label] ?? null;
}

/**
 * The address with its name part hidden: the first 3, 2 or 1 characters stay for names of 8+, 4+, 2+.
 * At most 5 stars stand for the rest, so a long name neither wraps nor shows its length.
 */
export function maskEmail(email: string): string {
  const parts = split(email.trim());
  if (!parts) return email;
  const { local } = parts;
  const shown = local.length >= 8 ? 3 : local.length >= 4 ? 2 : local.length >= 2 ? 1 : 0;
  return `${local.slice(0, shown)}${'*'.repeat(Math.min(5, local.length - shown))}@${parts.domain}`;
}
