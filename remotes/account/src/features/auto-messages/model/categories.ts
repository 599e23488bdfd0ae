import type { AutoMessageCategory } from '@cove/contracts';

/** What each category is called and when it is sent (docs/rules.md, Auto-messages). */
export const categoryInfo: Record<AutoMessageCategory, { title: string; when: string }> = {
  welcome: { title: 'Welcome', when: 'When a fan opens a chat with you for the first time.' },
  new_follower: { title: 'New follower', when: 'When a fan follows you.' },
  new_subscriber: { title: 'New subscriber', when: 'When a fan subscribes to you.' },
  first_purchase: {
    title: 'First purchase',
    when: 'After a fan’s first purchase from you: a paid message, an unlock or a tip.',
  },
};

/** The delays offered, in minutes. */
export const delayChoices = [
  { value: 0, label: 'Right away' },
  { value: 5, label: 'After 5 minutes' },
  { value: 15, label: 'After 15 minutes' },
  { value: 60, label: 'After 1 hour' },
  { value: 360, label: 'After 6 hours' },
  { value: 1440, label: 'After 24 hours' },
];

/** The cooldowns offered, in hours. */
export const cooldownChoices = [
  { value: 0, label: 'No cooldown' },
  { value: 1, label: '1 hour' },
  { value: 6, label: '6 hours' },
  { value: 24, label: '24 hours' },
  { value: 72, label: '3 days' },
  { value: 168, label: '7 days' },
];
