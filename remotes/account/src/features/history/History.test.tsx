import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { type HistoryReceipt, type HistoryRow, historyPage, historyReceiptResponse } from '@cove/contracts';
import { failWith, fakeHost, type RecordedCall, testUser } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const creator = { _id: 'c-1', username: 'ann' };

function row(n: number, over: Partial<HistoryRow> = {}): HistoryRow {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    seq: n,
    kind: 'chat_unlock',
    reason: 'purchase',
    created_at: '2026-11-20T10:00:00.000Z',
    amount: -60,
    balance_after: 510,
    debt_change: 0,
    creator,
    chat_id: 'chat-1',
    message_id: '42',
    post_id: null,
    payment: null,
    offer: null,
    ...over,
  };
}

const bought = row(1, {
  kind: 'credit_purchase',
  reason: 'payment',
  amount: 570,
  balance_after: 570,
  creator: null,
  chat_id: null,
  message_id: null,
  payment: {
    _id: 'pay-1',
    method: 'card',
    card_brand: 'VISA',
    card_last4: '4242',
    price: 500,
    credits: 570,
    bonus: 70,
    status: 'succeeded',
  },
});
const unlock = row(2);
const postUnlock = row(3, {
  kind: 'post_unlock',
  chat_id: null,
  message_id: null,
  post_id: 'p-1',
  amount: -30,
});

const page = (items: HistoryRow[], next: string | null = null) => historyPage.parse({ data: items, next });

function renderHistory(path: string, respond: (call: RecordedCall) => unknown) {
  const fake = fakeHost({ user: testUser(), respond });
  renderAccount(path, fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

describe('spending history', () => {
  it('lists each movement with its amount, balance, receipt and what it was for, page by page', async () => {
    const { calls } = renderHistory('/account/history', (call) =>
      call.query.before === '2'
        ? page([bought])
        : page([postUnlock, unlock], '/v1/history?limit=20&before=2'),
    );
    const list = await screen.findByRole('list', { name: 'Spending history' });
    const one = within(list).getByRole('listitem', { name: 'Unlocked a message from ann, -$6.00' });
    expect(one).toHaveTextContent('Balance $51.00');
    expect(within(one).getByRole('link', { name: 'Open chat with ann' })).toHaveAttribute(
      'href',
      '/chats/c-1',
    );
    expect(
      within(one).getByRole('link', { name: 'Receipt for Unlocked a message from ann' }),
    ).toHaveAttribute('href', `/account/history/${unlock._id}`);
    const post = within(list).getByRole('listitem', { name: 'Unlocked a post by ann, -$3.00' });
    expect(within(post).getByRole('link', { name: "See the post on ann's profile" })).toHaveAttribute(
      'href',
      '/creators/c-1',
    );
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/history', query: { limit: '20' } });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await within(list).findByRole('listitem', { name: 'Bought credits with VISA ending 4242, +$57.00' }),
    ).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ path: '/v1/history', query: { limit: '20', before: '2' } });
  });

  it('reads the list again when a payment moves on (a refund by support), without a reload', async () => {
    let rows = [bought];
    const fake = renderHistory('/account/history', () => page(rows));
    const list = await screen.findByRole('list', { name: 'Spending history' });
    await within(list).findByRole('listitem', { name: 'Bought credits with VISA ending 4242, +$57.00' });
    expect(list).not.toHaveTextContent('Refunded');
    rows = [
      row(5, { kind: 'refund', reason: 'refund', amount: -570, balance_after: 0, creator: null }),
      { ...bought, payment: bought.payment && { ...bought.payment, status: 'refunded' } },
    ];
    act(() =>
      fake.bus.pushServerEvent({
        type: 'payment_updated',
        payment_id: 'pay-1',
        status: 'refunded',
        seq: 9,
        created_at: '',
      }),
    );
    expect(await within(list).findByText('Refunded', { exact: false })).toBeInTheDocument();
  });

  it('filters by kind and days, asking the server for them', async () => {
    const { calls } = renderHistory('/account/history', (call) =>
      call.query.kind === 'tip,post_tip' ? page([row(4, { kind: 'tip', amount: -25 })]) : page([unlock]),
    );
    await screen.findByRole('listitem', { name: 'Unlocked a message from ann, -$6.00' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Tips');
    expect(await screen.findByRole('listitem', { name: 'Tipped ann in chat, -$2.50' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    expect(calls.at(-1)).toMatchObject({
      path: '/v1/history',
      query: { kind: 'tip,post_tip', from: '2026-11-01', to: '2026-11-30' },
    });
  });

  it('keeps the purchases address as the unlocks filter', async () => {
    const { calls } = renderHistory('/account/purchases', () => page([unlock]));
    await screen.findByRole('listitem', { name: 'Unlocked a message from ann, -$6.00' });
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('unlocks');
    expect(calls[0]?.query).toMatchObject({ kind: 'chat_unlock,post_unlock,paid_message' });
  });

  it('says when there is nothing yet, and when nothing matches the filters', async () => {
    renderHistory('/account/history', () => page([]));
    expect(await screen.findByRole('heading', { name: 'No spending yet' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Spending history' });
    expect(within(region).getByRole('link', { name: 'Get credits' })).toHaveAttribute(
      'href',
      '/account/get-credits',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Refunds and chargebacks');
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeInTheDocument();
  });

  it('shows a failed read with a retry, and the server refusing a range', async () => {
    let fail = true;
    renderHistory('/account/history?from=2026-11-30&to=2026-11-01', () =>
      fail
        ? failWith(400, 'The start date must be on or before the end date.', { code: 'history_range' })
        : page([unlock]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('listitem', { name: 'Unlocked a message from ann, -$6.00' }),
    ).toBeInTheDocument();
  });

  it('exports the filtered range as a CSV file to download', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:history-1';
    };
    URL.revokeObjectURL = () => undefined;
    const { calls } = renderHistory('/account/history?show=credits&from=2026-11-01', (call) =>
      call.path === '/v1/history/export'
        ? { filename: 'cove-history-2026-11-01-to-2026-11-28.csv', csv: 'Receipt,Date\r\n' }
        : page([bought]),
    );
    await screen.findByRole('listitem', { name: 'Bought credits with VISA ending 4242, +$57.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const link = await screen.findByRole('link', {
      name: 'Download cove-history-2026-11-01-to-2026-11-28.csv',
    });
    expect(link).toHaveAttribute('href', 'blob:history-1');
    expect(link).toHaveAttribute('download', 'cove-history-2026-11-01-to-2026-11-28.csv');
    expect(calls.find((c) => c.path === '/v1/history/export')?.query).toEqual({
      kind: 'credit_purchase,credit_grant',
      from: '2026-11-01',
    });
    expect(await created[0]?.text()).toBe('Receipt,Date\r\n');
  });

  it('says why an export failed', async () => {
    renderHistory('/account/history', (call) =>
      call.path === '/v1/history/export'
        ? failWith(400, 'This range holds more than 10,000 rows. Choose a shorter date range.')
        : page([unlock]),
    );
    await screen.findByRole('listitem', { name: 'Unlocked a message from ann, -$6.00' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a shorter date range.');
  });
});

describe('receipt', () => {
  const receipt = (over: Partial<HistoryReceipt> = {}) =>
    historyReceiptResponse.parse({
      data: { ...bought, payer: { _id: 'u-1', username: 'sam' }, status: 'refunded', ...over },
    });

  it('opens from its row and shows the parties, amounts, method and status, printable', async () => {
    const print = jest.fn();
    window.print = print;
    renderHistory('/account/history', (call) =>
      call.path === `/v1/history/${bought._id}` ? receipt() : page([bought]),
    );
    await userEvent.click(
      await screen.findByRole('link', { name: 'Receipt for Bought credits with VISA ending 4242' }),
    );
    const card = await screen.findByRole('article', {
      name: 'Receipt for Bought credits with VISA ending 4242',
    });
    const line = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(line('Receipt number')).toBe(bought._id);
    expect(line('Account')).toBe('sam');
    expect(line('Seller')).toBe('Cove');
    expect(line('Payment method')).toBe('VISA ending 4242');
    expect(line('Charged')).toBe('$50.00');
    expect(line('Credits bought')).toBe('570 credits ($57.00)');
    expect(line('Of which bonus')).toBe('70 credits ($7.00)');
    expect(line('Change to your balance')).toBe('+$57.00');
    expect(line('Balance after')).toBe('$57.00');
    expect(line('Status')).toBe('Refunded');
    await userEvent.click(within(card).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to history' })).toHaveAttribute('href', '/account/history');
  });

  it('names the purchase a chargeback undid, and marks that purchase in the list', async () => {
    const charged = {
      ...(bought.payment as NonNullable<HistoryRow['payment']>),
      status: 'charged_back' as const,
    };
    const chargeback = row(5, {
      kind: 'chargeback',
      reason: 'chargeback',
      amount: -570,
      balance_after: 0,
      creator: null,
      payment: charged,
    });
    renderHistory('/account/history', (call) =>
      call.path === `/v1/history/${chargeback._id}`
        ? receipt({ ...chargeback, status: 'completed' })
        : page([chargeback, { ...bought, payment: charged }]),
    );
    const list = await screen.findByRole('list', { name: 'Spending history' });
    expect(
      within(list).getByRole('listitem', { name: 'Bought credits with VISA ending 4242, +$57.00' }),
    ).toHaveTextContent('Charged back · Balance $57.00');
    await userEvent.click(
      within(list).getByRole('link', {
        name: 'Receipt for Chargeback of a credit purchase with VISA ending 4242',
      }),
    );
    const card = await screen.findByRole('article', {
      name: 'Receipt for Chargeback of a credit purchase with VISA ending 4242',
    });
    expect(within(card).getByText('Original charge').nextElementSibling).toHaveTextContent('$50.00');
    expect(within(card).getByText('Credits it bought').nextElementSibling).toHaveTextContent(
      '570 credits ($57.00)',
    );
    expect(within(card).getByText('Change to your balance').nextElementSibling).toHaveTextContent('-$57.00');
  });

  it('links a creator receipt to what was bought, and says when a receipt is not found', async () => {
    renderHistory(`/account/history/${unlock._id}`, () =>
      receipt({ ...unlock, payment: null, status: 'reversed' }),
    );
    const card = await screen.findByRole('article', { name: 'Receipt for Unlocked a message from ann' });
    expect(within(card).getByText('Seller').nextElementSibling).toHaveTextContent('ann');
    expect(within(card).getByText('Taken back by a chargeback')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open chat with ann' })).toHaveAttribute(
      'href',
      '/chats/c-1',
    );
  });

  it('shows a receipt it cannot find as an error', async () => {
    renderHistory('/account/history/00000000-0000-4000-8000-000000000009', () =>
      failWith(404, 'Receipt not found', { code: 'receipt_not_found' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Receipt not found');
  });
});
