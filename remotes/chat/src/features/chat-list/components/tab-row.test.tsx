import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHost, testChatsPage, testUser } from '@cove/runtime/testing';
import { renderChat } from '../../../testing/render-chat';

describe('the chat list’s tab row', () => {
  it('is one tablist: Tab reaches the selected tab, arrows move along, Enter opens one', async () => {
    const fake = fakeHost({ user: testUser({ type: 'featured' }), respond: () => testChatsPage([]) });
    renderChat('/chats?filter=vip', fake.host);
    const tabs = screen.getByRole('tablist', { name: 'Chat filters' });
    const vip = within(tabs).getByRole('tab', { name: 'VIP' });
    expect(vip).toHaveAttribute('aria-selected', 'true');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .filter((t) => t.tabIndex === 0),
    ).toEqual([vip]);

    const user = userEvent.setup();
    vip.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Sent' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(tabs).getByRole('tab', { name: 'Hidden' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Inbox' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(await within(tabs).findByRole('tab', { name: 'Hidden', selected: true })).toHaveFocus();
  });
});
