import { errorText } from '@cove/contracts';
import { kit } from '@cove/ui';

/**
 * What a restricted creator (docs/rules.md, "Becoming a creator") sees in place of the post composer:
 * the server refuses their posts until staff approve them, so the profile says so up front, in the
 * server's own words, rather than after they have written a post.
 */
export function ModerationGate() {
  return (
    <section className={kit.panel} aria-label="New post">
      <p className={kit.notice} role="status">
        {errorText('creator_under_review')}
      </p>
    </section>
  );
}
