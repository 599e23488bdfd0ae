import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PopupSpec } from '@cove/contracts';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { call, fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { PopupLayer } from './PopupLayer';

function setup() {
  const fake = fakeServices();
  renderInShell(fake.services, <PopupLayer />);
  return fake;
}

describe('popup layer', () => {
  it('opens a typed popup and tells the opener which action ended it', async () => {
    const { services } = setup();
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({ kind: 'confirm-delete-chats', count: 3 }).outcome;
    });
    expect(await screen.findByRole('dialog', { name: 'Delete 3 chats?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(outcome).resolves.toEqual({ action: 'confirm' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the confirm sheet with the live balance, answers once, and leads to credits when short', async () => {
    const { services, navigate } = setup();
    services.host.session.credits = 300;
    const charge = { kind: 'unlock' as const, item: 'Paid message from maya', amount: 50 };
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({ kind: 'confirm-charge', charge }).outcome;
    });
    const sheet = await screen.findByRole('dialog', { name: 'Unlock for $5.00?' });
    expect(sheet).toHaveTextContent('Balance after$25.00');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for $5.00' }));
    await expect(outcome).resolves.toEqual({ action: 'confirm' });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => {
      services.host.session.credits = 20;
      outcome = services.host.popups.open({
        kind: 'confirm-charge',
        charge,
        backTo: '/chats/u-2',
        purchase: { model_id: 'u-2', message_id: 'm-9' },
      }).outcome;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    await expect(outcome).resolves.toEqual({ action: 'secondary' });
    expect(navigate).toHaveBeenCalledWith('/account/get-credits', {
      state: { backTo: '/chats/u-2', purchase: { model_id: 'u-2', message_id: 'm-9' } },
    });
  });

  it('says the application was rejected in the spec text', async () => {
    const { services } = setup();
    act(() => void services.host.popups.open({ kind: 'application-rejected' }));
    expect(await screen.findByRole('dialog', { name: 'Application rejected' })).toHaveTextContent(
      "Sorry. Your application was rejected. You can't apply again",
    );
  });

  it('shows a crypto top-up in its own currency and the credits it added with their dollar value', async () => {
    const { services } = setup();
    act(
      () =>
        void services.host.popups.open({
          kind: 'crypto-top-up',
          amount: 50.5,
          currency: 'usdc',
          credits: 500,
          fee: 0.5,
        }),
    );
    expect(await screen.findByRole('dialog', { name: 'Top-up received' })).toHaveTextContent(
      'You paid 50.50 USDC and received 500 credits ($50.00), with a fee of 0.50 USDC.',
    );
  });

  it('uses the spec texts and leads to get-credits from Unlock Free Chat', async () => {
    const { services, navigate } = setup();
    act(() => void services.host.popups.open({ kind: 'unlock-free-chat' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock Free Chat' })).toHaveTextContent(
      'You must make at least one purchase before you can start a free chat.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy Credits' }));
    expect(navigate).toHaveBeenCalledWith('/account/get-credits');
  });

  it('sends Buy Credits of the not-enough-credits popup to get-credits with the way back to the chat', async () => {
    const { services, navigate } = setup();
    act(() => void services.host.popups.open({ kind: 'not-enough-credits', backTo: '/chats/u-2' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough credits' })).toHaveTextContent(
      'You have no credits. Buy a credit package to keep chatting.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy Credits' }));
    expect(navigate).toHaveBeenCalledWith('/account/get-credits', { state: { backTo: '/chats/u-2' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('carries what the fan was buying with the way back, from not-enough-credits and Unlock Free Chat', async () => {
    const { services, navigate } = setup();
    const purchase = { model_id: 'u-2', chat_id: 'c-2', message_id: 'm-9' };
    act(() => void services.host.popups.open({ kind: 'not-enough-credits', backTo: '/chats/u-2', purchase }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy Credits' }));
    expect(navigate).toHaveBeenLastCalledWith('/account/get-credits', {
      state: { backTo: '/chats/u-2', purchase },
    });
    act(
      () =>
        void services.host.popups.open({
          kind: 'unlock-free-chat',
          backTo: '/chats/u-3',
          purchase: { model_id: 'u-3' },
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy Credits' }));
    expect(navigate).toHaveBeenLastCalledWith('/account/get-credits', {
      state: { backTo: '/chats/u-3', purchase: { model_id: 'u-3' } },
    });
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
    expect(await screen.findByRole('dialog', { name: 'All set' })).toHaveTextContent('Extra');
    await userEvent.keyboard('{Escape}');
    await expect(outcome).resolves.toEqual({ action: 'dismiss' });
  });

  it('keeps keyboard focus inside the popup and gives it back to the button that opened it', async () => {
    const fake = fakeServices();
    renderInShell(
      fake.services,
      <>
        <button
          type="button"
          onClick={() => void fake.services.host.popups.open({ kind: 'confirm-hide-chats', count: 2 })}
        >
          Hide chats
        </button>
        <button type="button">Behind the popup</button>
        <PopupLayer />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Hide chats' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Hide 2 chats?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();

    const close = screen.getByRole('button', { name: 'Close' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(cancel).toHaveFocus();

    // Focus moved to the page behind (a script, a screen reader) comes back into the popup.
    act(() => screen.getByRole('button', { name: 'Behind the popup' }).focus());
    expect(dialog).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it.each([
    [
      { kind: 'confirm-block', name: 'leo', as: 'creator' } as const,
      'Block leo?',
      'their subscription ends now and they get back the days left',
      'Block',
    ],
    [
      { kind: 'confirm-block', name: 'maya', as: 'fan' } as const,
      'Block maya?',
      'your subscription stops renewing; you keep what you paid for',
      'Block',
    ],
    [
      { kind: 'confirm-delete-message', paid: true } as const,
      'Delete this message?',
      'nobody can buy it',
      'Delete',
    ],
    [
      { kind: 'confirm-hide-message' } as const,
      'Hide this message?',
      'the other person still sees it',
      'Hide',
    ],
  ])(
    'asks before a careful action in words naming its consequence: %o',
    async (spec, title, consequence, verb) => {
      const { services } = setup();
      let outcome: Promise<unknown> = Promise.resolve();
      act(() => {
        outcome = services.host.popups.open(spec).outcome;
      });
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog).toHaveTextContent(consequence);
      // The keyboard reaches the action, and Enter on it confirms.
      await userEvent.tab();
      await userEvent.tab();
      expect(screen.getByRole('button', { name: verb })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(outcome).resolves.toEqual({ action: 'confirm' });
    },
  );

  it('changes nothing when a careful action is called off with Escape, and gives focus back', async () => {
    const fake = fakeServices();
    let outcome: Promise<unknown> = Promise.resolve();
    renderInShell(
      fake.services,
      <>
        <button
          type="button"
          onClick={() => {
            outcome = fake.services.host.popups.open({
              kind: 'confirm-block',
              name: 'leo',
              as: 'creator',
            }).outcome;
          }}
        >
          Block
        </button>
        <PopupLayer />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Block' });
    await userEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Block leo?' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(outcome).resolves.toEqual({ action: 'dismiss' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('shows the error popup instead of a spec that breaks the contract', async () => {
    const { services } = setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => void services.host.popups.open({ kind: 'confirm-hide-chats', count: -1 } as PopupSpec));
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('checks the username live in the essential-info popup and saves it', async () => {
    const fake = setup();
    const { services } = fake;
    signIn(services.host.session, testUser({ username: null }));
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = services.host.popups.open({ kind: 'essential-info' }).outcome;
    });
    const field = screen.getByRole('textbox', { name: 'Username' });
    const save = screen.getByRole('button', { name: 'Save username' });
    await userEvent.type(field, '-ab');
    expect(screen.getByText('Usernames must start with letters or numbers')).toBeInTheDocument();
    expect(save).toBeDisabled();

    fake.answer('GET', '/v1/username-available', {
      available: false,
      message: 'This Username Has Already Been Taken',
    });
    await userEvent.clear(field);
    await userEvent.type(field, 'taken');
    expect(await screen.findByText('This Username Has Already Been Taken')).toBeInTheDocument();
    expect(fake.calls).toContainEqual(
      call('GET', '/v1/username-available', undefined, { username: 'taken' }),
    );
    expect(save).toBeDisabled();

    fake.answer('GET', '/v1/username-available', { available: true, message: null });
    await userEvent.clear(field);
    await userEvent.type(field, 'river-9');
    expect(await screen.findByText('river-9 is available')).toBeInTheDocument();
    fake.answer('PATCH', '/v1/users/u-1', testUser({ username: 'river-9' }));
    await userEvent.click(save);
    await expect(outcome).resolves.toEqual({ action: 'confirm', value: 'river-9' });
    expect(fake.calls).toContainEqual(call('PATCH', '/v1/users/u-1', { username: 'river-9' }));
    expect(services.host.session.user?.username).toBe('river-9');
  });
});
