import type { User } from '@cove/contracts';

/** Where a creator's day starts: her inbox. */
const inbox = '/chats';

/**
 * Where sign-in leads (docs/rules.md, Where sign-in leads): a creator to her inbox, or to the chat
 * she was opening; anyone else where they were heading, or Discover.
 */
export function landingAfterSignIn(user: Pick<User, 'type'>, heading: string | null): string {
  if (user.type === 'featured') {
    return heading === inbox || heading?.startsWith(`${inbox}/`) ? heading : inbox;
  }
  return heading ?? '/discover';
}
