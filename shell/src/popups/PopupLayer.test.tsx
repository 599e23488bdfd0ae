import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { PopupSpec } from '@cove/contracts';
import { ShellContext } from '../app/shell-context';
import { fakeServices } from '../test/fake-services';
import { PopupLayer } from './PopupLayer';

function setup() {
  const fake = fakeServices();
  render(
    <ShellContext.Provider value={fake.services}>
      <MemoryRouter>
        <PopupLayer />
      </MemoryRouter>
    </ShellContext.Provider>,
  );
  return fake;
}

describe('popup layer', () => {
  it('opens a typed popup and tells the opener which action ended it', async () => {
    const { services } = setup();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({ kind: 'confirm-delete-chats', count: 3 }).outcome;
    });
    expect(screen.getByRole('dialog', { name: 'Delete 3 chats?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(outcome).resolves.toEqual({ action: 'confirm' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses the spec texts and leads to get-credits from Unlock Free Chat', async () => {
    const { services, navigate } = setup();
    act(() => void services.host.popups.open({ kind: 'unlock-free-chat' }));
    expect(screen.getByRole('dialog', { name: 'Unlock Free Chat' })).toHaveTextContent(
      'You must make at least one purchase before you can start a free chat.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy Credits' }));
    expect(navigate).toHaveBeenCalledWith('/account/get-credits');
  });

  it('renders the generic popup with its emoji, sentence and children, and closes on Escape', async () => {
    const { services } = setup();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({
        kind: 'generic',
        emoji: '🎉',
        sentence: 'All set',
        children: <p>Extra</p>,
      }).outcome;
    });
    expect(screen.getByRole('dialog', { name: 'All set' })).toHaveTextContent('Extra');
    await userEvent.keyboard('{Escape}');
    await expect(outcome).resolves.toEqual({ action: 'dismiss' });
  });

  it('shows the error popup instead of a spec that breaks the contract', () => {
    const { services } = setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => void services.host.popups.open({ kind: 'confirm-hide-chats', count: -1 } as PopupSpec));
    expect(screen.getByRole('dialog', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('validates the username in the essential-info popup with the spec messages', async () => {
    const { services } = setup();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({ kind: 'essential-info' }).outcome;
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), '-ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Usernames must start with letters or numbers');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Username' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'river-9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(outcome).resolves.toEqual({ action: 'confirm', value: 'river-9' });
  });
});
