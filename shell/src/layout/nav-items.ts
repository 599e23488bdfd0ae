import type { HostSession } from '@cove/contracts';

export interface HeaderLink {
  to: string;
  label: string;
}

/** The header's destinations; a creator's own profile and earnings are for creators only. */
export function headerLinks(session: {
  readonly user: Pick<NonNullable<HostSession['user']>, 'type' | '_id'> | null;
}): HeaderLink[] {
  const links: HeaderLink[] = [
    { to: '/discover', label: 'Discover' },
    { to: '/chats', label: 'Chats' },
    { to: '/account', label: 'Account' },
  ];
  if (session.user?.type === 'featured')
    links.push(
      // A creator's own profile is where they post to their feed.
      { to: `/creators/${session.user._id}`, label: 'My profile' },
      { to: '/account/earnings/summary', label: 'Earnings' },
    );
  return links;
}
