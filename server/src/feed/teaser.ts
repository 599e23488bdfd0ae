/** The longest teaser a locked paid post shows, in characters (docs/rules.md, Paid posts). */
export const TEASER_MAX = 100;

/**
 * What a locked paid post shows of its text so nobody buys it blind: its first line, cut at a word
 * before TEASER_MAX characters with an ellipsis. The creator decides what the first line gives away.
 */
export function teaserOf(text: string): string {
  const line = text.trim().split('\n', 1)[0]?.trim() ?? '';
  if (line.length <= TEASER_MAX) return line;
  const cut = line.slice(0, TEASER_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > TEASER_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** How many words a text holds: what unlocking a locked post gives to read. */
export const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;
