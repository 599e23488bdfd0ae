import type { AutoMessageCategoryDto } from '@cove/contracts';

/** What is missing from a photo or video auto-message for the editor to show it, or null. */
function missing(m: AutoMessageCategoryDto['messages'][number]): string | null {
  if (m.type !== 'media') return null;
  if (!m.media) return 'a photo or video without its media';
  if (m.media.width === null || m.media.height === null)
    return `a ${m.media.type === 'video' ? 'video' : 'photo'} without dimensions`;
  return null;
}

/**
 * Logs a console warning for each photo or video auto-message the server sent without its media or
 * its dimensions, as the spec asks: the editor still lists it, and the warning tells whoever looks
 * why it shows no preview or the wrong shape.
 */
export function warnIncompleteMedia(categories: readonly AutoMessageCategoryDto[]): void {
  for (const c of categories) {
    for (const m of c.messages) {
      const what = missing(m);
      if (what) console.warn(`Auto-message ${m._id} (${c.category}) is ${what}.`);
    }
  }
}
