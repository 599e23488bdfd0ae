import type { RemoteName } from '@cove/contracts';

/** How each remote's area is named to a person. */
export const remoteLabels: Record<RemoteName, string> = {
  chat: 'Chats',
  discover: 'Discover',
  account: 'Account',
  payouts: 'Earnings',
};
