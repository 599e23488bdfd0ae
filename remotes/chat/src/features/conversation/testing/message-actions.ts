import type { MessageActions } from '../components/use-message-actions';

/** What a message may have done to it, as mocks: for rendering messages outside a conversation. */
export const testMessageActions = (): MessageActions => ({
  busy: null,
  notice: null,
  dismissNotice: jest.fn(),
  unlock: jest.fn(),
  hide: jest.fn(),
  remove: jest.fn(),
  expire: jest.fn(),
});
