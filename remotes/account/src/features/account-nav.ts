import type { NavItem } from '@cove/ui';

/**
 * The account area's sections; earnings belong to the payouts remote and are for creators (the vault
 * only with its permission), applying to become one is for fans, and reviewing applications and
 * answering support chats for staff.
 */
export function accountNav(isCreator: boolean, isStaff = false, hasVault = true): NavItem[] {
  const items: NavItem[] = [
    { to: '/account', label: 'Overview', end: true },
    { to: '/account/settings', label: 'Settings' },
    { to: '/account/edit-profile', label: 'Edit profile' },
    { to: '/account/get-credits', label: 'Get credits' },
    { to: '/account/cards', label: 'Saved cards' },
    { to: '/account/subscriptions', label: 'Subscriptions' },
    { to: '/account/history', label: 'Spending history' },
  ];
  if (isCreator) {
    if (hasVault) items.push({ to: '/account/vault', label: 'Vault' });
    items.push(
      { to: '/account/auto-messages', label: 'Auto-messages' },
      { to: '/account/earnings/summary', label: 'Earnings' },
    );
  } else {
    items.push({ to: '/account/apply', label: 'Become a creator' });
  }
  if (isStaff)
    items.push(
      { to: '/account/applications', label: 'Applications' },
      { to: '/account/staff/support', label: 'Support chats' },
    );
  return items;
}

/** The screen name a path under /account shows, for the tab's title: its section, else the account itself. */
export function accountSectionTitle(pathname: string): string {
  const section = [...accountNav(true, true), ...accountNav(false)].find(
    (item) => !item.end && (pathname === item.to || pathname.startsWith(`${item.to}/`)),
  );
  return section?.label ?? 'Account';
}
