import { type HostSession, isStaffMember } from '@cove/contracts';
import { notificationsPath } from '../awareness/Bell';
import { chatsPath, staffPath } from './nav-items';

export interface Tab {
  to: string;
  label: string;
  icon: 'home' | 'profile' | 'chats' | 'bell' | 'account';
  /** Which live count it shows. */
  count?: 'messages' | 'notifications';
}

/**
 * The phone's tabs. A fan starts at Home, the feed of the creators they follow; a creator starts at
 * their own profile, where they post to that feed (their Discover or Home would show them others').
 */
export function tabItems(
  user: Pick<NonNullable<HostSession['user']>, 'type' | '_id' | 'is_staff' | 'is_staff_mo'>,
): Tab[] {
  // Staff start at the console rather than a fan's home feed.
  const first: Tab =
    user.type === 'featured'
      ? { to: `/creators/${user._id}`, label: 'Profile', icon: 'profile' }
      : isStaffMember(user)
        ? { to: staffPath, label: 'Staff', icon: 'home' }
        : { to: '/home', label: 'Home', icon: 'home' };
  return [
    first,
    { to: chatsPath, label: 'Chats', icon: 'chats', count: 'messages' },
    { to: notificationsPath, label: 'Notifications', icon: 'bell', count: 'notifications' },
    { to: '/account', label: 'Account', icon: 'account' },
  ];
}
