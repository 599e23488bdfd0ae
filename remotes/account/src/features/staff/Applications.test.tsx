import type { AdminApplication } from '@cove/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const application = (id: string, over: Partial<AdminApplication> = {}): AdminApplication => ({
  id: uuid(Number(id.slice(1))),
  user_id: uuid(Number(id.slice(1)) + 5),
  email: `${id}@example.com`,
  username: `star-${id}`,
  bio: 'Songs.',
  date_of_birth: '1990-04-02',
  country: 'NL',
  identity_check: 'verified',
  id_documents: [],
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function renderPage(respond: (call: RecordedCall) => unknown, staff = true) {
  const fake = fakeHost({ user: testUser({ is_staff: staff }), respond });
  renderAccount('/account/staff/applications', fake.host);
  return fake;
}

/** The reason dialog every staff decision opens: type why, then confirm. */
async function confirmWith(reason: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: /^(Approve|Reject)$/ }));
}

describe('the staff applications page', () => {
  it('lists pending applications and approves or rejects each', async () => {
    const fake = renderPage((call) => {
      if (call.path === '/v1/admin/applications')
        return { applications: [application('a1'), application('a2', { identity_check: 'in_progress' })] };
      if (call.path === `/v1/admin/applications/${uuid(1)}/approve`)
        return { id: uuid(1), status: 'approved' };
      if (call.path === `/v1/admin/applications/${uuid(2)}/reject`)
        return { id: uuid(2), status: 'rejected' };
      return undefined;
    });
    const second = await screen.findByRole('listitem', { name: 'star-a2' });
    expect(within(second).getByRole('button', { name: 'Approve star-a2' })).toBeDisabled();
    expect(second).toHaveTextContent('Check under way');
    await userEvent.click(screen.getByRole('button', { name: 'Approve star-a1' }));
    await confirmWith('ID matches');
    expect(await screen.findByRole('listitem', { name: 'star-a2' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'star-a1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reject star-a2' }));
    await confirmWith('no ID check');
    expect(await screen.findByText('No applications waiting')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/v1/admin/applications/${uuid(1)}/approve`,
      `/v1/admin/applications/${uuid(2)}/reject`,
    ]);
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'ID matches' },
      { reason: 'no ID check' },
    ]);
  });

  it('shows a refused decision beside the application', async () => {
    renderPage((call) => {
      if (call.path === '/v1/admin/applications') return { applications: [application('a1')] };
      return failWith(409, 'The identity check has not passed yet.', { code: 'identity_not_verified' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve star-a1' }));
    await confirmWith('looks fine');
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity check has not passed yet.');
  });

  it('is closed to anyone but staff', async () => {
    const fake = renderPage(() => undefined, false);
    expect(await screen.findByText('This page is for staff')).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/v1/admin/applications')).toBe(false);
  });

  it('shows an ID photo only when staff ask, one read per look', async () => {
    const fake = renderPage((call) => {
      if (call.path === '/v1/admin/applications')
        return { applications: [application('a1', { id_documents: ['front'] }), application('a2')] };
      if (call.path === `/v1/admin/applications/${uuid(1)}/documents/front`)
        return {
          side: 'front',
          image: 'data:image/jpeg;base64,/9j/',
          width: 1200,
          height: 750,
          uploaded_at: '2026-01-01T00:00:00.000Z',
        };
      return undefined;
    });
    const first = await screen.findByRole('listitem', { name: 'star-a1' });
    expect(
      within(await screen.findByRole('listitem', { name: 'star-a2' })).getByText('No ID photo was uploaded.'),
    ).toBeInTheDocument();
    const photoCalls = () => fake.calls.filter((c) => c.path.includes('/documents/'));
    expect(photoCalls()).toEqual([]);
    await userEvent.click(within(first).getByRole('button', { name: 'Show ID document' }));
    const image = await within(first).findByRole('img', { name: 'ID document of star-a1' });
    expect(image).toHaveAttribute('src', 'data:image/jpeg;base64,/9j/');
    expect(first).toHaveTextContent('This view is in the audit log.');
    expect(photoCalls()).toHaveLength(1);
    await userEvent.click(within(first).getByRole('button', { name: 'Hide ID document' }));
    expect(within(first).queryByRole('img')).toBeNull();
  });
});
