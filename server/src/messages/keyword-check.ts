import type { ProviderConfig } from '@cove/contracts';

/** The spec's link-like pattern: a dot and one of these endings, as a word. */
const linkPattern = /\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|net|org|eu|info|co\.uk)\b/i;

/** Lower case, punctuation replaced by spaces, runs of spaces collapsed: the spec's comparison form. */
export function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

function matches(list: string, normalised: string): string | null {
  for (const raw of list.split(',')) {
    const keyword = normalise(raw).trim();
    if (keyword && normalised.includes(` ${keyword} `)) return keyword;
  }
  return null;
}

export type TextVerdict =
  | { kind: 'ok' }
  | { kind: 'blocked'; keyword: string }
  | { kind: 'warn'; reason: 'payment' | 'app' | 'link' };

/**
 * What the keyword lists say about a text (docs/rules.md): global keywords block it; payment and
 * app keywords and links warn, and the sender may confirm; greetings are not judged here.
 */
export function checkText(
  text: string,
  config: Pick<ProviderConfig, 'global_keywords' | 'payment_keywords' | 'app_keywords'>,
): TextVerdict {
  if (!text.trim()) return { kind: 'ok' };
  const n = normalise(text);
  const blocked = matches(config.global_keywords, n);
  if (blocked) return { kind: 'blocked', keyword: blocked };
  if (matches(config.payment_keywords, n)) return { kind: 'warn', reason: 'payment' };
  if (matches(config.app_keywords, n)) return { kind: 'warn', reason: 'app' };
  if (linkPattern.test(text)) return { kind: 'warn', reason: 'link' };
  return { kind: 'ok' };
}
