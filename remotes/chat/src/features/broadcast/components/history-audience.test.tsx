import { screen, within } from '@testing-library/react';
import { aBroadcast, renderScreen, signedIn } from '../testing/broadcast-harness';

signedIn();

describe('broadcast history rows', () => {
  it('name whom each broadcast went to and what a bundle held', async () => {
    renderScreen((call) =>
      call.path === '/v1/broadcast' && call.method === 'GET'
        ? {
            data: [
              aBroadcast({
                _id: 'b-3',
                type: 'image',
                text: 'Weekend set',
                price: 90,
                category: 'subscribers',
                except_chats: 2,
                media_items: [
                  { type: 'image', video_length: null },
                  { type: 'image', video_length: null },
                  { type: 'image', video_length: null },
                  { type: 'video', video_length: 42 },
                ],
              }),
              aBroadcast({ _id: 'b-2', text: 'For my regulars', category: 'fans', list_name: 'Regulars' }),
              aBroadcast({ _id: 'b-1', text: 'Hello all', only_chats: 1 }),
            ],
            next: null,
          }
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Recent broadcasts' });
    const bundle = within(list).getByRole('listitem', {
      name: 'Bundle of 3 photos · 1 video 42s: Weekend set',
    });
    expect(bundle).toHaveTextContent('To Subscribers, except 2 chats');
    expect(bundle).toHaveTextContent('$9.00');
    expect(within(list).getByRole('listitem', { name: 'Text: For my regulars' })).toHaveTextContent(
      'To Fans on the “Regulars” list',
    );
    expect(within(list).getByRole('listitem', { name: 'Text: Hello all' })).toHaveTextContent(
      'To All chats: only 1 chat chosen',
    );
  });
});
