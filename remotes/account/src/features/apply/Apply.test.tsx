import type { IdVerification } from '@cove/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const state = (over: Partial<IdVerification> = {}): IdVerification => ({
  application: 'none',
  id_verification_status: null,
  identity_check: null,
  check_url: null,
  ...over,
});
const inCheck = state({
  application: 'pending',
  id_verification_status: 'in_progress',
  identity_check: 'in_progress',
  check_url: '/sandbox/identity/idc_1',
});

function renderApply(respond: (call: RecordedCall) => unknown, user = testUser({ username: 'old-name' })) {
  const fake = fakeHost({
    user,
    respond: (call) => {
      if (call.path === '/v1/username-available') return { available: true, message: null };
      return (
        respond(call) ?? (call.path === '/v1/geo_ip' ? { ip: '203.0.113.9', country_code: null } : undefined)
      );
    },
  });
  renderAccount('/account/apply', fake.host);
  return fake;
}

describe('the apply screen', () => {
  it('sends the application with the form, then asks for the identity check', async () => {
    const fake = renderApply((call) => {
      if (call.path === '/v1/users/id-verification' && call.method === 'GET') return state();
      if (call.path === '/v1/users/apply')
        return state({ application: 'pending', id_verification_status: 'pending' });
      if (call.path === '/v1/users/id-verification' && call.method === 'POST') return inCheck;
      return undefined;
    });
    const send = await screen.findByRole('button', { name: 'Send application' });
    expect(send).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Creator name'));
    await userEvent.type(screen.getByLabelText('Creator name'), 'new-star');
    await userEvent.type(screen.getByLabelText('Bio'), 'Songs and sketches.');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1990-04-02');
    await userEvent.type(screen.getByLabelText('Country'), 'nl');
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(fake.calls.find((c) => c.path === '/v1/users/apply')?.body).toEqual({
      username: 'new-star',
      bio: 'Songs and sketches.',
      date_of_birth: '1990-04-02',
      country: 'NL',
    });
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Identity check');
    await userEvent.click(screen.getByRole('button', { name: 'Start the identity check' }));
    expect(await screen.findByRole('link', { name: 'Open the identity check' })).toHaveAttribute(
      'href',
      '/sandbox/identity/idc_1',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the result of your identity check');
  });

  it('fills in the country the server places the applicant in, which they can change', async () => {
    const fake = renderApply((call) => {
      if (call.path === '/v1/users/id-verification') return state();
      if (call.path === '/v1/geo_ip') return { ip: '203.0.113.9', country_code: 'PT' };
      if (call.path === '/v1/users/apply') return state({ application: 'pending' });
      return undefined;
    });
    const country = await screen.findByLabelText('Country');
    await waitFor(() => expect(country).toHaveValue('PT'));
    await userEvent.type(screen.getByLabelText('Bio'), 'Fado at night.');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1991-06-12');
    const send = screen.getByRole('button', { name: 'Send application' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(fake.calls.find((c) => c.path === '/v1/users/apply')?.body).toMatchObject({ country: 'PT' });
  });

  it('shows the server’s refusal, such as the under-18 one', async () => {
    renderApply((call) => {
      if (call.path === '/v1/users/id-verification') return state();
      if (call.path === '/v1/users/apply')
        return failWith(400, 'Enter a real date of birth; you must be 18 or older.', {
          code: 'bad_date_of_birth',
        });
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('Bio'), 'Hi');
    await userEvent.type(screen.getByLabelText('Date of birth'), '2015-01-01');
    await userEvent.type(screen.getByLabelText('Country'), 'de');
    const send = screen.getByRole('button', { name: 'Send application' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('you must be 18 or older');
  });

  it('asks for a retake with a new check', async () => {
    const answer = state({
      application: 'pending',
      id_verification_status: 'pending',
      identity_check: 'retake',
    });
    renderApply((call) => (call.path === '/v1/users/id-verification' ? answer : undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please take it again');
    expect(screen.getByRole('button', { name: 'Start a new check' })).toBeInTheDocument();
  });

  it('says the application is in review once the check passed', async () => {
    renderApply(() =>
      state({ application: 'pending', id_verification_status: 'in_progress', identity_check: 'verified' }),
    );
    expect(await screen.findByRole('heading', { name: 'Your application is in review' })).toBeInTheDocument();
  });

  it('says a rejected person cannot apply again', async () => {
    renderApply(
      () => state({ application: 'rejected', id_verification_status: 'rejected' }),
      testUser({ id_verification_status: 'rejected' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sorry. Your application was rejected. You can't apply again",
    );
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });

  it('tells an approved creator where to go next', async () => {
    renderApply(() => state({ application: 'approved' }), testUser({ type: 'featured' }));
    expect(await screen.findByText('You are a creator')).toBeInTheDocument();
  });
});
