import type { User } from '@cove/contracts';

/** The spec's settings groups: Profile (invisible, intro_enabled, a creator's private_feed) and Notifications. */
export type ProfileSetting = 'invisible' | 'intro_enabled' | 'private_feed';
export type NotificationSetting = keyof User['notification_settings'];
export type SettingKey = ProfileSetting | NotificationSetting;

export const profileSettings: { key: ProfileSetting; label: string; hint: string }[] = [
  {
    key: 'invisible',
    label: 'Invisible profile',
    hint: 'Hide your profile from Discover and close your public page.',
  },
  { key: 'intro_enabled', label: 'Intro chats', hint: 'Allow a short free intro when a new chat starts.' },
  { key: 'private_feed', label: 'Private feed', hint: 'Only your subscribers see your posts.' },
];

export const notificationSettings: { key: NotificationSetting; label: string; hint: string }[] = [
  { key: 'notifications', label: 'Messages', hint: 'New messages and replies.' },
  { key: 'payments', label: 'Payments', hint: 'Purchases, tips and top-ups.' },
  { key: 'payouts', label: 'Payouts', hint: 'When a payout is sent to you.' },
  { key: 'marketing', label: 'News and offers', hint: 'Occasional news from Cove.' },
];
