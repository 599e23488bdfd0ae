import { type HostSession, isStaffMember } from '@cove/contracts';

export interface HeaderLink {
  to: string;
  label: string;
  /** The paths it stands for, when more than `to`'s own. */
  section?: string;
}

export const chatsPath = '/chats';

/** Where the staff console starts (the account remote's /account/staff pages). */
export const staffPath = '/account/staff/reports';

/** The header's destinations; a creator's own profile and earnings are for creators only, the console for staff. */
export function headerLinks(session: {
  readonly user: Pick<NonNullable<HostSession['user']>, 'type' | '_id' | 'is_staff' | 'is_staff_mo'> | null;
}): HeaderLink[] {
  const links: HeaderLink[] = [
    { to: '/discover', label: 'Discover' },
    { to: chatsPath, label: 'Chats' },
    { to: '/account', label: 'Account' },
  ];
  if (session.user?.type === 'featured')
    links.push(
      // A creator's own profile is where they post to their feed.
      { to: `/creators/${session.user._id}`, label: 'My profile' },
      { to: '/account/earnings/summary', label: 'Earnings', section: '/account/earnings' },
    );
  if (session.user && isStaffMember(session.user))
    links.push({ to: staffPath, label: 'Staff', section: '/account/staff' });
  return links;
}

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The link of the page shown: the one whose section holds the path most closely, so the earnings
 * pages (under /account) mark Earnings and not Account as well.
 */
export function currentLink(links: HeaderLink[], pathname: string): HeaderLink | undefined {
  const sectionOf = (l: HeaderLink) => l.section ?? l.to;
  return links
    .filter((l) => within(pathname, sectionOf(l)))
    .sort((a, b) => sectionOf(b).length - sectionOf(a).length)[0];
}
