import type { StaffPersonView, StaffReport } from '@cove/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { fakeHost, testConfig, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const person = (n: number, name: string) => ({ id: id(n), email: `${name}@example.com`, username: name });
const report = (n: number, over: Partial<StaffReport> = {}): StaffReport => ({
  id: id(n),
  category: 'scam',
  note: 'asked me to pay outside Cove',
  status: 'open',
  reporter: person(7, 'fan'),
  reported: person(8, 'lena'),
  chat_id: id(9),
  post_id: null,
  evidence: [
    {
      kind: 'message',
      id: '41',
      type: 'text',
      text: 'send money here',
      created_at: '2026-01-01T10:00:00.000Z',
    },
  ],
  assigned_to: null,
  resolution: null,
  resolution_note: null,
  created_at: '2026-01-01T10:05:00.000Z',
  updated_at: '2026-01-01T10:05:00.000Z',
  resolved_at: null,
  ...over,
});
const view: StaffPersonView = {
  person: {
    id: id(8),
    email: 'lena@example.com',
    username: 'lena',
    type: 'featured',
    is_staff: false,
    is_staff_mo: false,
    frozen: false,
    banned: false,
    terminated: false,
    created_at: '2025-06-01T00:00:00.000Z',
    balance: '$12.50',
    discover_warning: null,
  },
  features: { ...testConfig().features, vault: false },
  payments: { count: 0, total: '$0.00', recent: [] },
  payouts: { count: 2, total: '$340.00' },
  reports_about: [report(1)],
  reports_by: [],
  applications: [],
};

function open(
  path: string,
  role: { is_staff?: boolean; is_staff_mo?: boolean },
  respond: (c: RecordedCall) => unknown,
) {
  const fake = fakeHost({ user: testUser({ _id: id(5), ...role }), respond });
  renderAccount(path, fake.host);
  return fake;
}

describe('the reports queue', () => {
  it('lists reports with their reason and evidence count, and shows a new one without a reload', async () => {
    let reports = [report(1)];
    const fake = open('/account/staff/reports', { is_staff_mo: true }, (c) =>
      c.path === '/v1/admin/reports' ? { reports } : undefined,
    );
    const queue = await screen.findByRole('list', { name: 'Reports queue' });
    expect(within(queue).getByRole('link', { name: 'Scam or fraud: lena' })).toHaveAttribute(
      'href',
      `/account/staff/reports/${id(1)}`,
    );
    expect(queue).toHaveTextContent('1 item of evidence');
    reports = [report(1), report(2, { category: 'harassment', reported: person(6, 'max') })];
    act(() => fake.bus.pushServerEvent({ type: 'report_filed', report_id: id(2), seq: 2, created_at: '' }));
    expect(await screen.findByRole('link', { name: 'Harassment or bullying: max' })).toBeInTheDocument();
  });

  it('says when there is nothing to do, and is closed to fans', async () => {
    open('/account/staff/reports', { is_staff: true }, () => ({ reports: [] }));
    expect(await screen.findByText('No reports here')).toBeInTheDocument();
  });

  it('is closed to a fan, who never reaches the staff API', async () => {
    const fake = open('/account/staff/reports', {}, () => ({ reports: [] }));
    expect(await screen.findByText('This page is for staff')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path.startsWith('/v1/admin'))).toBe(false);
  });
});

describe('a report', () => {
  it('shows the evidence; a moderator warns with a reason and resolves it, but cannot ban', async () => {
    let current = report(1);
    const fake = open(`/account/staff/reports/${id(1)}`, { is_staff_mo: true }, (c) => {
      if (c.path.endsWith('/resolve'))
        current = report(1, {
          status: 'resolved',
          resolution: 'warn',
          resolution_note: 'off-platform payment',
        });
      return c.path.startsWith(`/v1/admin/reports/${id(1)}`) ? { report: current } : undefined;
    });
    expect(await screen.findByRole('list', { name: 'Evidence' })).toHaveTextContent('send money here');
    const actions = screen.getByLabelText('Resolve');
    expect(within(actions).queryByRole('button', { name: 'Ban' })).toBeNull();
    await userEvent.click(within(actions).getByRole('button', { name: 'Warn' }));
    const dialog = screen.getByRole('dialog', { name: 'Warn: lena' });
    const confirm = within(dialog).getByRole('button', { name: 'Warn and resolve' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('About payments'));
    await userEvent.type(
      within(dialog).getByLabelText('Reason (kept in the audit log)'),
      'off-platform payment',
    );
    await userEvent.click(confirm);
    expect(await screen.findByText('Warn: off-platform payment', { exact: false })).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path.endsWith('/resolve'))?.body).toEqual({
      action: 'warn',
      reason: 'off-platform payment',
      warning: 'payment',
    });
  });
});

describe('the person view', () => {
  it('gives staff every action, and asks why before banning', async () => {
    const fake = open(`/account/staff/people/${id(8)}`, { is_staff: true }, (c) => {
      if (c.path === `/v1/admin/users/${id(8)}`) return view;
      if (c.path.includes('/actions/'))
        return { message: 'lena@example.com is banned and signed out everywhere.' };
      if (c.path === '/v1/admin/audit') return { entries: [], next_before: null };
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'lena' })).toBeInTheDocument();
    expect(screen.getByText('2 ($340.00)')).toBeInTheDocument();
    expect(screen.getByText('vault')).toBeInTheDocument();
    const actions = screen.getByLabelText('Actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Warn', 'Freeze', 'Visibility penalty', 'Ban', 'Terminate', 'Grant credits']);
    await userEvent.click(within(actions).getByRole('button', { name: 'Ban' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban: lena' });
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'fraud ring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByRole('status')).toHaveTextContent('lena@example.com is banned');
    expect(fake.calls.find((c) => c.path.includes('/actions/'))).toMatchObject({
      path: `/v1/admin/users/${id(8)}/actions/ban`,
      body: { reason: 'fraud ring' },
    });
  });

  it('gives a moderator warn, freeze and the visibility ladder only', async () => {
    open(`/account/staff/people/${id(8)}`, { is_staff_mo: true }, (c) => {
      if (c.path === `/v1/admin/users/${id(8)}`) return view;
      if (c.path === '/v1/admin/audit') return { entries: [], next_before: null };
      return undefined;
    });
    const actions = await screen.findByLabelText('Actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Warn', 'Freeze', 'Visibility penalty']);
  });

  it("steps a creator's visibility ladder with a reason, saying what the step does", async () => {
    const warned: StaffPersonView = {
      ...view,
      person: {
        ...view.person,
        discover_warning: {
          level: 'final_punishment_alert',
          reason: 'spam links',
          ends_at: '2026-02-01T00:00:00.000Z',
        },
      },
    };
    const fake = open(`/account/staff/people/${id(8)}`, { is_staff_mo: true }, (c) => {
      if (c.path === `/v1/admin/users/${id(8)}`) return warned;
      if (c.path.includes('/actions/')) return { message: 'lena@example.com: penalty.' };
      if (c.path === '/v1/admin/audit') return { entries: [], next_before: null };
      return undefined;
    });
    expect(await screen.findByText(/Final warning until .* \(spam links\)/)).toBeInTheDocument();
    const actions = screen.getByLabelText('Actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Warn', 'Freeze', 'Visibility penalty', 'Lift visibility penalty']);
    await userEvent.click(within(actions).getByRole('button', { name: 'Visibility penalty' }));
    const dialog = screen.getByRole('dialog', { name: 'Visibility penalty: lena' });
    expect(dialog).toHaveTextContent('shown after every other creator in Discover for 7 days');
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'spam again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Visibility penalty' }));
    expect(await screen.findByRole('status')).toHaveTextContent('lena@example.com: penalty.');
    expect(fake.calls.find((c) => c.path.includes('/actions/'))).toMatchObject({
      path: `/v1/admin/users/${id(8)}/actions/penalize`,
      body: { reason: 'spam again' },
    });
  });

  it('refunds a payment after confirming its amount and why; a moderator sees no refund', async () => {
    const payment = {
      id: id(3),
      method: 'card' as const,
      amount: '$10.00',
      credits: 100,
      status: 'succeeded' as const,
      card: 'visa ····4242',
      reversal_asked: false,
      reversible: true,
      created_at: '2026-01-02T09:00:00.000Z',
    };
    let current: StaffPersonView = { ...view, payments: { count: 1, total: '$10.00', recent: [payment] } };
    const fake = open(`/account/staff/people/${id(8)}`, { is_staff: true }, (c) => {
      if (c.path === `/v1/admin/users/${id(8)}`) return current;
      if (c.path === `/v1/admin/payments/${id(3)}/refund`) {
        current = {
          ...current,
          payments: {
            ...current.payments,
            recent: [{ ...payment, status: 'refunded', reversal_asked: true, reversible: false }],
          },
        };
        return {
          message: `Refund of payment ${id(3)} asked; the credits go back when the provider confirms.`,
        };
      }
      if (c.path === '/v1/admin/audit') return { entries: [], next_before: null };
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(list).toHaveTextContent('$10.00 · 100 credits · visa ····4242');
    await userEvent.click(within(list).getByRole('button', { name: /^Refund \$10\.00 of / }));
    const dialog = screen.getByRole('dialog', { name: 'Refund: $10.00' });
    expect(dialog).toHaveTextContent(
      '$10.00 goes back to the card, and the 100 credits it bought are taken back.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Refund $10.00' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'charged twice');
    await userEvent.click(confirm);
    expect(await screen.findByText(/Refund of payment .* asked/)).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path.startsWith('/v1/admin/payments/'))).toMatchObject({
      method: 'POST',
      body: { reason: 'charged twice' },
    });
    expect(await within(list).findByText(/refunded/)).toBeInTheDocument();
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('shows a moderator the payments without refund buttons', async () => {
    const recent = [
      {
        id: id(3),
        method: 'crypto' as const,
        amount: '$5.00',
        credits: 50,
        status: 'succeeded' as const,
        card: null,
        reversal_asked: false,
        reversible: true,
        created_at: '2026-01-02T09:00:00.000Z',
      },
    ];
    open(`/account/staff/people/${id(8)}`, { is_staff_mo: true }, (c) => {
      if (c.path === `/v1/admin/users/${id(8)}`)
        return { ...view, payments: { count: 1, total: '$5.00', recent } };
      if (c.path === '/v1/admin/audit') return { entries: [], next_before: null };
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(list).toHaveTextContent('$5.00 · 50 credits · crypto');
    expect(within(list).queryByRole('button')).toBeNull();
  });
});
