import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionOffers } from '@cove/contracts';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const creator = testUser({ type: 'featured', username: 'luna' });

function offers(overrides: Partial<SubscriptionOffers> = {}): SubscriptionOffers {
  return { subscription_price: 99, bundles: [], promotions: [], trial_links: [], ...overrides };
}

const link = {
  _id: 'l-1',
  code: 'abc',
  path: '/luna?trial=abc',
  trial_days: 7,
  max_uses: 5,
  used: 2,
  expires_at: '2026-12-31T22:59:59.000Z',
  status: 'active' as const,
  created_at: '2026-11-29T10:00:00.000Z',
};

function renderOffers(respond: (call: RecordedCall) => unknown) {
  const fake = fakeHost({ user: creator, respond });
  renderAccount('/account/subscription-offers', fake.host);
  return fake;
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

describe('subscription offers', () => {
  it('says to set a monthly price first when there is none', async () => {
    renderOffers((call) =>
      call.path === '/v1/subscription-offers' ? { data: offers({ subscription_price: 0 }) } : undefined,
    );
    expect(await screen.findByText('Set a monthly price first')).toBeInTheDocument();
  });

  it('saves bundles with what fans pay shown as they are typed', async () => {
    const { calls } = renderOffers((call) =>
      call.path === '/v1/subscription-offers'
        ? { data: offers() }
        : call.path === '/v1/subscription-offers/bundles'
          ? { data: offers({ bundles: [{ months: 3, percent_off: 10 }] }) }
          : undefined,
    );
    const three = await screen.findByRole('textbox', { name: '3 months, % off' });
    await userEvent.type(three, '10');
    expect(screen.getByText('Fans pay $26.70, saving $3.00')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: '6 months, % off' }), '70');
    expect(screen.getByText('A whole number from 1 to 60, or empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save bundles' })).toBeDisabled();
    await userEvent.clear(screen.getByRole('textbox', { name: '6 months, % off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save bundles' }));
    await screen.findByText('Bundles saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      bundles: [{ months: 3, percent_off: 10 }],
    });
  });

  it('lists trial links with their use, and revokes one; a refusal is shown', async () => {
    let revoked = false;
    renderOffers((call) => {
      if (call.method === 'GET' && call.path === '/v1/subscription-offers')
        return { data: offers({ trial_links: [revoked ? { ...link, status: 'revoked' } : link] }) };
      if (call.method === 'DELETE') {
        revoked = true;
        return { data: { ...link, status: 'revoked' } };
      }
      if (call.method === 'POST')
        return failWith(400, 'expires_at: the link must expire in the future.', { code: 'validation' });
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Your trial links' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('7 days free · Working');
    expect(item).toHaveTextContent('Used 2 / 5');
    expect(within(item).getByRole('textbox', { name: 'Trial link' })).toHaveValue(
      `${window.location.origin}/luna?trial=abc`,
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).getByRole('listitem')).toHaveTextContent('Revoked'));
    await userEvent.click(screen.getByRole('button', { name: 'Make trial link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'expires_at: the link must expire in the future.',
    );
  });
});
