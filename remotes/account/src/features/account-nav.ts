import type { NavItem } from '@cove/ui';

/**
 * The account area's sections; earnings belong to the payouts remote and are for creators, applying
 * to become one is for fans who are not staff, the staff console (reports, audit log, applications)
 * for staff, and releases for release managers.
 */
export function accountNav(isCreator: boolean, isStaff = false, isReleaseManager = false): NavItem[] {
  const items: NavItem[] = [
    { to: '/account', label: 'Overview', end: true },
    { to: '/account/settings', label: 'Settings' },
    { to: '/account/security', label: 'Security' },
    { to: '/account/edit-profile', label: 'Edit profile' },
    { to: '/account/get-credits', label: 'Get credits' },
    { to: '/account/cards', label: 'Saved cards' },
    { to: '/account/subscriptions', label: 'Subscriptions' },
    { to: '/account/history', label: 'Spending history' },
  ];
  if (isCreator) {
    items.push(
      { to: '/account/vault', label: 'Vault' },
      { to: '/account/auto-messages', label: 'Auto-messages' },
      { to: '/account/earnings/summary', label: 'Earnings' },
    );
  } else if (!isStaff) {
    items.push({ to: '/account/apply', label: 'Become a creator' });
  }
  if (isStaff) items.push({ to: '/account/staff', label: 'Staff console' });
  if (isReleaseManager) items.push({ to: '/account/releases', label: 'Releases' });
  return items;
}

/** The screen name a path under /account shows, for the tab's title: its section, else the account itself. */
export function accountSectionTitle(pathname: string): string {
  const section = [...accountNav(true, true, true), ...accountNav(false)].find(
    (item) => !item.end && (pathname === item.to || pathname.startsWith(`${item.to}/`)),
  );
  return section?.label ?? 'Account';
}
