import type { EphemeralMessage } from '@cove/contracts';
import type { Bus } from '../bus';
import type { AppendedEvent } from './with-events';

/**
 * Bus channels between instances. Notices say who has news and may carry the committed events; the
 * event log stays the record, read by any socket the carried events do not bring up to date.
 */
export const channels = {
  events: 'realtime:events',
  disconnect: 'realtime:disconnect',
  ephemeral: 'realtime:ephemeral',
} as const;

export interface EventsNotice {
  userIds: string[];
  events?: AppendedEvent[];
}
export interface DisconnectNotice {
  userId: string;
  code: number;
  reason: string;
  /** Only the sockets of these sessions (access token rows); all of the user's when absent. */
  sessionIds?: string[];
}
export interface EphemeralNotice {
  userIds: string[];
  message: EphemeralMessage;
}

/** Any process with a bus can tell every server that users have news or must be disconnected. */
export function busNotifier(bus: Bus) {
  return {
    notify: (userIds: string[], events?: AppendedEvent[]) =>
      bus.publish(channels.events, (events ? { userIds, events } : { userIds }) satisfies EventsNotice),
    disconnectUser: (userId: string, reason: string, code: number, sessionIds?: string[]) =>
      bus.publish(
        channels.disconnect,
        (sessionIds
          ? { userId, code, reason, sessionIds }
          : { userId, code, reason }) satisfies DisconnectNotice,
      ),
    sendEphemeral: (userIds: string[], message: EphemeralMessage) =>
      bus.publish(channels.ephemeral, { userIds, message } satisfies EphemeralNotice),
  };
}
