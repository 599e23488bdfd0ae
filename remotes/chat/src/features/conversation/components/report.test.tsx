import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openChat, signedIn, thread } from '../testing/conversation-harness';

signedIn();

describe('reporting the other member', () => {
  it('sends a reason from the list, the note and the chat, then thanks the reporter', async () => {
    const fake = openChat({ respond: ({ path }) => (path.endsWith('/report') ? { ok: true } : undefined) });
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Scam or fraud' }));
    await userEvent.type(screen.getByLabelText('What happened? (optional)'), 'asked for money elsewhere');
    await userEvent.click(send);
    expect(await screen.findByText('Thank you. Our team will look at this chat.')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === '/v1/users/u-2/report')?.body).toEqual({
      reason: 'scam',
      note: 'asked for money elsewhere',
      chat_id: 'c-u-2',
    });
  });
});
