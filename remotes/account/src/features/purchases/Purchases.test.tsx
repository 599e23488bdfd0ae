import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { purchasesPage, type Purchase } from '@cove/contracts';
import { formatDate } from '@cove/runtime';
import {
  failWith,
  fakeHost,
  testMedia,
  testMessage,
  testUser,
  type RecordedCall,
} from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

function purchase(n: number, overrides: Partial<Purchase> = {}): Purchase {
  return {
    message_id: `m-${n}`,
    chat_id: `ch-${n}`,
    creator: { _id: `c-${n}`, username: `creator${n}` },
    price: 50,
    bought_at: '2026-03-04T10:00:00.000Z',
    message: testMessage({ _id: `m-${n}`, text: `Secret ${n}`, price: 50, paid: true }),
    ...overrides,
  };
}

const page = (items: Purchase[], next: string | null = null) => purchasesPage.parse({ data: items, next });

function renderPurchases(respond: (call: RecordedCall) => unknown) {
  const fake = fakeHost({ user: testUser(), respond });
  renderAccount('/account/purchases', fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

describe('purchases', () => {
  it('lists what was bought, page by page', async () => {
    const photo = testMessage({ _id: 'm-2', text: '', type: 'image', price: 120, paid: true });
    const first = [
      purchase(1),
      purchase(2, {
        price: 120,
        message: {
          ...photo,
          media: testMedia('md-2', {
            public_id: 'p-2',
            th: '/media/t-2/th.jpg',
            sr: null,
            width: 320,
            height: 320,
          }),
        },
      }),
    ];
    const { calls } = renderPurchases((call) =>
      call.query.offset === '20'
        ? page([purchase(3, { message: null, creator: { _id: 'c-3', username: null } })])
        : page(first, '/v1/message/paid?limit=20&offset=20'),
    );
    const list = await screen.findByRole('list', { name: 'Purchases' });
    const one = within(list).getByRole('listitem', { name: 'creator1, $5.00' });
    expect(one).toHaveTextContent('Secret 1');
    expect(one).toHaveTextContent(formatDate('2026-03-04T10:00:00.000Z'));
    expect(within(one).getByRole('link', { name: 'Open chat with creator1' })).toHaveAttribute(
      'href',
      '/chats/c-1',
    );
    const two = within(list).getByRole('listitem', { name: 'creator2, $12.00' });
    expect(within(two).getByRole('img', { name: 'Photo from creator2' })).toHaveAttribute(
      'src',
      '/media/t-2/th.jpg',
    );
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/v1/message/paid',
      query: { limit: '20', offset: '0' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const three = await within(list).findByRole('listitem', { name: 'A creator, $5.00' });
    expect(three).toHaveTextContent('This message is no longer available.');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(calls[1]).toMatchObject({ query: { limit: '20', offset: '20' } });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing was bought yet', async () => {
    renderPurchases(() => page([]));
    expect(
      await screen.findByRole('heading', { name: "You haven't bought anything yet" }),
    ).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    let fail = true;
    renderPurchases(() => (fail ? failWith(400, 'Could not read your purchases') : page([purchase(1)])));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read your purchases');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'creator1, $5.00' })).toBeInTheDocument();
  });
});
