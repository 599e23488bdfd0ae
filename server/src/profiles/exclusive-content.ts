import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { providerConfigFor } from '../provider/provider-config';

/**
 * Claims of exclusivity (docs/rules.md "Bio"), matched case-insensitively once punctuation is
 * stripped, so "Only.Fans" and "only fans" count as "onlyfans"; "exclusive" also catches
 * "exclusively" and "exclusives".
 */
const exclusivePattern = /\b(exclusive\w*|only\s*fans|fansly)\b/u;

export function mentionsExclusiveContent(text: string): boolean {
  return exclusivePattern.test(text.toLowerCase().replace(/[^\p{L}\p{N}\s]+/gu, ''));
}

/** Refuses a bio or tag that mentions exclusive content unless staff granted `exclusive_content_banner`. */
export async function assertNoExclusiveClaim(db: Db, user: UserRow, text: string): Promise<void> {
  if (!mentionsExclusiveContent(text)) return;
  const { features } = await providerConfigFor(db, user);
  if (!features.exclusive_content_banner) throw fail('exclusive_content');
}
