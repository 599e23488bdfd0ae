import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../../testing/render-account';

const path = '/v1/users/blocked-countries';

/** A server keeping a creator's blocked countries, sorted as the real one does; `refuse` fails a save. */
function server(start: string[], refuse = false) {
  let list = start;
  return (call: RecordedCall) => {
    if (call.path !== path) return undefined;
    if (call.method === 'PUT') {
      if (refuse) return failWith(500, 'Something went wrong. Please try again later.');
      list = [...(call.body as { blocked_countries: string[] }).blocked_countries].sort();
    }
    return { blocked_countries: list };
  };
}

const section = () => screen.findByRole('region', { name: 'Blocked countries' });

describe('blocked countries', () => {
  it('lets a creator block and unblock countries by code', async () => {
    const { host, calls } = fakeHost({ user: testUser({ type: 'featured' }), respond: server(['FR']) });
    renderAccount('/account/settings', host);
    const box = await section();
    expect(await within(box).findByText('France')).toBeInTheDocument();

    await userEvent.type(within(box).getByRole('textbox', { name: 'Country code' }), 'xx');
    await userEvent.click(within(box).getByRole('button', { name: 'Block country' }));
    expect(within(box).getByRole('alert')).toHaveTextContent('Enter a two-letter country code');

    await userEvent.clear(within(box).getByRole('textbox', { name: 'Country code' }));
    await userEvent.type(within(box).getByRole('textbox', { name: 'Country code' }), 'de');
    await userEvent.click(within(box).getByRole('button', { name: 'Block country' }));
    expect(await within(box).findByText('Germany')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { blocked_countries: ['FR', 'DE'] } });

    await userEvent.click(within(box).getByRole('button', { name: 'Unblock France' }));
    await within(box).findByRole('button', { name: 'Unblock Germany' });
    expect(within(box).queryByText('France')).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { blocked_countries: ['DE'] } });
  });

  it('says why a save failed and keeps the list as it was', async () => {
    const { host } = fakeHost({ user: testUser({ type: 'featured' }), respond: server([], true) });
    renderAccount('/account/settings', host);
    const box = await section();
    expect(await within(box).findByText('No country is blocked.')).toBeInTheDocument();
    await userEvent.type(within(box).getByRole('textbox', { name: 'Country code' }), 'US');
    await userEvent.click(within(box).getByRole('button', { name: 'Block country' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(within(box).getByText('No country is blocked.')).toBeInTheDocument();
  });

  it('is not shown to fans', () => {
    renderAccount('/account/settings', fakeHost({ user: testUser({ type: 'user' }) }).host);
    expect(screen.queryByRole('region', { name: 'Blocked countries' })).not.toBeInTheDocument();
  });
});
