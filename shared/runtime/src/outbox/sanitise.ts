const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with every global keyword (docs/rules.md: the words that block a message) masked with
 * asterisks, matched case-insensitively as whole words: what a refused send is retried with.
 */
export function sanitise(text: string, globalKeywords: string): string {
  return globalKeywords
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k.length > 0)
    .reduce(
      (out, keyword) =>
        out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(keyword)}(?![\\p{L}\\p{N}])`, 'giu'), (m) =>
          '*'.repeat(m.length),
        ),
      text,
    );
}
