import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { ShellContext } from '../app/shell-context';
import { reactToServerEvents } from '../session/server-reactions';
import { fakeServices } from '../test/fake-services';
import { Header } from './Header';

describe('header', () => {
  it('keeps the balance live: a credits_update changes it without a reload', async () => {
    const fake = fakeServices();
    const { host, account, bus } = fake.services;
    signIn(host.session, testUser({ credits: 120 }));
    const reactions = reactToServerEvents(host, account);
    render(
      <ShellContext.Provider value={fake.services}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </ShellContext.Provider>,
    );
    expect(screen.getByTitle('Your balance')).toHaveTextContent('$12.00');
    // valtio tells its readers after the change, on a microtask.
    await act(async () =>
      bus.pushServerEvent({
        type: 'credits_update',
        credits: 370,
        amount: 250,
        seq: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    expect(screen.getByTitle('Your balance')).toHaveTextContent('$37.00');
    expect(fake.api.get).not.toHaveBeenCalled();
    reactions.unsubscribe();
  });
});
