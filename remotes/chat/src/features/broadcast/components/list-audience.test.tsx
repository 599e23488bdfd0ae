import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { now, renderScreen, sendButton, signedIn } from '../testing/broadcast-harness';

signedIn();

const lists = {
  data: [
    { _id: 'l-1', name: 'Regulars', members: 3, created_at: now },
    { _id: 'l-2', name: 'Lisbon trip', members: 1, created_at: now },
  ],
};

describe('a list as the audience', () => {
  it('counts and sends to the people on one of her lists', async () => {
    const fake = renderScreen((call) => {
      if (call.path === '/v1/fan-lists') return lists;
      if (call.path === '/v1/broadcast/recipients') return { count: call.query.list_id ? 3 : 9 };
      return undefined;
    });
    expect(await screen.findByText('Reaches 9 chats')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'List' }), 'Regulars (3)');
    expect(await screen.findByText('Reaches 3 chats')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.path === '/v1/broadcast/recipients').at(-1)?.query).toEqual({
      category: 'all',
      list_id: 'l-1',
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Just for you');
    await userEvent.click(sendButton());
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path === '/v1/broadcast/send')?.body).toMatchObject({
        category: 'all',
        list_id: 'l-1',
        text: 'Just for you',
      }),
    );
  });

  it('offers no list choice to a creator without lists', async () => {
    renderScreen();
    expect(await screen.findByText('Reaches 7 chats')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'List' })).toBeNull();
  });
});
