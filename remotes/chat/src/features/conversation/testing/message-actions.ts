import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/** Chooses an action from a message's menu, by pointer, as a mouse user does. */
export async function chooseMessageAction(message: HTMLElement, action: string) {
  await userEvent.click(within(message).getByRole('button', { name: 'Message actions' }));
  await userEvent.click(within(message).getByRole('menuitem', { name: action }));
}
