import type { HostSession } from '@cove/contracts';

export interface HeaderLink {
  to: string;
  label: string;
}

/** The header's destinations; earnings are for creators only. */
export function headerLinks(session: {
  readonly user: Pick<NonNullable<HostSession['user']>, 'type'> | null;
}): HeaderLink[] {
  const links: HeaderLink[] = [
    { to: '/discover', label: 'Discover' },
    { to: '/chats', label: 'Chats' },
    { to: '/account', label: 'Account' },
  ];
  if (session.user?.type === 'featured') links.push({ to: '/account/earnings/summary', label: 'Earnings' });
  return links;
}
