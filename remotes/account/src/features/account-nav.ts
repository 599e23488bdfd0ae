import type { NavItem } from '@cove/ui';

/** What the person may see in the account area. */
export interface AccountRoles {
  isCreator: boolean;
  isStaff?: boolean;
  isReleaseManager?: boolean;
  /** The creator's `vault` feature permission. */
  hasVault?: boolean;
}

/**
 * The account area's sections; earnings belong to the payouts remote and are for creators (the vault
 * only with its permission), applying to become one is for fans who are not staff, the staff console
 * (reports, audit log, applications) and support chats for staff, and releases for release managers.
 */
export function accountNav({
  isCreator,
  isStaff = false,
  isReleaseManager = false,
  hasVault = true,
}: AccountRoles): NavItem[] {
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
    if (hasVault) items.push({ to: '/account/vault', label: 'Vault' });
    items.push(
      { to: '/account/subscription-offers', label: 'Subscription offers' },
      { to: '/account/auto-messages', label: 'Auto-messages' },
      { to: '/account/earnings/summary', label: 'Earnings' },
    );
  } else if (!isStaff) {
    items.push({ to: '/account/apply', label: 'Become a creator' });
  }
  if (isStaff)
    items.push(
      { to: '/account/staff', label: 'Staff console' },
      { to: '/account/support-chats', label: 'Support chats' },
    );
  if (isReleaseManager) items.push({ to: '/account/releases', label: 'Releases' });
  return items;
}

/** The screen name a path under /account shows, for the tab's title: its closest section, else the account. */
export function accountSectionTitle(pathname: string): string {
  const all = accountNav({ isCreator: true, isStaff: true, isReleaseManager: true });
  const matches = [...all, ...accountNav({ isCreator: false })].filter(
    (item) => item.to !== '/account' && (pathname === item.to || pathname.startsWith(`${item.to}/`)),
  );
  const closest = matches.sort((a, b) => b.to.length - a.to.length)[0];
  return closest?.label ?? 'Account';
}
