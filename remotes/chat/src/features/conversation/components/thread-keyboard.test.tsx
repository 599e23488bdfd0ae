import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMessage } from '@cove/runtime/testing';
import { mine, now, openChat, signedIn, thread } from '../testing/conversation-harness';

signedIn();

const messages = [
  mine({ _id: '4', text: 'Fourth', is_read: true }),
  testMessage({ _id: '3', text: 'Third', created_at: now }),
  testMessage({ _id: '2', text: '', price: 50, paid: false, created_at: now }),
  testMessage({ _id: '1', text: 'First', created_at: now }),
];
const message = (name: RegExp) => screen.getByRole('article', { name });

describe('the thread by keyboard', () => {
  it('is one tab stop, on the newest message, and arrows, Home and End move through the rest', async () => {
    const user = userEvent.setup();
    openChat({ messages });
    const list = await thread();
    const stops = within(list)
      .getAllByRole('article')
      .filter((a) => a.tabIndex === 0);
    expect(stops).toEqual([message(/^You, .*Fourth\. Read$/)]);

    message(/Fourth/).focus();
    await user.keyboard('{ArrowUp}');
    expect(message(/^maya, .*Third$/)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    // A locked message says so, and its price, and not what it holds.
    expect(message(/^maya, .*Locked message, \$5\.00 to unlock$/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(message(/First/)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(message(/First/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(message(/Fourth/)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    // The message moved to is the stop now: Tab leaves the thread and Shift+Tab comes back to it.
    expect(message(/Third/)).toHaveAttribute('tabindex', '0');
    expect(message(/Fourth/)).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add a photo or video' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(message(/Third/)).toHaveFocus();
  });

  it('opens a message’s menu from the message, and gives focus back to it on Escape', async () => {
    const user = userEvent.setup();
    openChat({ messages });
    await thread();
    message(/Fourth/).focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Message actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Reply', 'Hide', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Reply' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(message(/Fourth/)).toHaveFocus();

    // A locked message offers its unlock there too.
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Reply', 'Unlock for $5.00', 'Hide']);
  });

  it('replies to the message whose menu was used', async () => {
    const user = userEvent.setup();
    openChat({ messages });
    await thread();
    message(/Third/).focus();
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByText(/Replying to/)).toHaveTextContent('Third');
  });

  it('hands focus to the next message when the focused one is hidden', async () => {
    const user = userEvent.setup();
    const fake = openChat({ messages, confirm: true });
    await thread();
    message(/Third/).focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('article', { name: /Third/ })).toBeNull());
    expect(fake.popups).toEqual([{ kind: 'confirm-hide-message' }]);
    expect(message(/Fourth/)).toHaveFocus();
    expect(message(/Fourth/)).toHaveAttribute('tabindex', '0');
  });
});
