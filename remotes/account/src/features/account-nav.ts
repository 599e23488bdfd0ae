import type { NavItem } from '@cove/ui';

/** The account area's sections; earnings belong to the payouts remote and are for creators. */
export function accountNav(isCreator: boolean): NavItem[] {
  const items: NavItem[] = [
    { to: '/account', label: 'Overview', end: true },
    { to: '/account/settings', label: 'Settings' },
    { to: '/account/edit-profile', label: 'Edit profile' },
    { to: '/account/get-credits', label: 'Get credits' },
    { to: '/account/cards', label: 'Saved cards' },
    { to: '/account/subscriptions', label: 'Subscriptions' },
    { to: '/account/purchases', label: 'Purchases' },
  ];
  if (isCreator) {
    items.push(
      { to: '/account/vault', label: 'Vault' },
      { to: '/account/auto-messages', label: 'Auto-messages' },
      { to: '/account/earnings/summary', label: 'Earnings' },
    );
  }
  return items;
}

/** The screen name a path under /account shows, for the tab's title: its section, else the account itself. */
export function accountSectionTitle(pathname: string): string {
  const section = accountNav(true).find(
    (item) => !item.end && (pathname === item.to || pathname.startsWith(`${item.to}/`)),
  );
  return section?.label ?? 'Account';
}
