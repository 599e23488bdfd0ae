import { tokenKey } from '@cove/runtime';
import { signIn } from '@cove/runtime/shell';
import { testConfig, testUser } from '@cove/runtime/testing';
import { waitFor } from '@testing-library/react';
import { call, fakeServices } from '../test/fake-services';
import { reactToServerEvents } from './server-reactions';

const at = { seq: 1, created_at: '2026-01-01T00:00:00.000Z' };

function setup() {
  window.localStorage.setItem(tokenKey, 'tok');
  const fake = fakeServices();
  const { host, account } = fake.services;
  signIn(host.session, testUser({ email_verified: false }));
  const subscription = reactToServerEvents(host, account);
  const kinds = () => fake.services.popupStore.snapshot().map((p) => p.spec.kind);
  return { ...fake, host, bus: fake.services.bus, popupStore: fake.services.popupStore, subscription, kinds };
}

describe('shell reactions to server events', () => {
  it('approved: the account verified popup, and the user reloaded', async () => {
    const s = setup();
    s.respond(() => testUser({ id_verified: true }));
    s.bus.pushServerEvent({ type: 'approved', ...at });
    expect(s.kinds()).toEqual(['account-verified']);
    await waitFor(() => expect(s.host.session.user?.id_verified).toBe(true));
    expect(s.calls).toContainEqual(call('GET', '/v1/users/me'));
  });

  it('onboarding_rejected: the rejection with the spec text, and the user reloaded', async () => {
    const s = setup();
    s.respond(() => testUser({ id_verification_status: 'rejected' }));
    s.bus.pushServerEvent({ type: 'onboarding_rejected', ...at });
    expect(s.kinds()).toEqual(['application-rejected']);
    await waitFor(() => expect(s.host.session.user?.id_verification_status).toBe('rejected'));
    expect(s.calls).toContainEqual(call('GET', '/v1/users/me'));
  });

  it('banned: the terminated popup and sign-out; reported: the termination warning', () => {
    const s = setup();
    s.bus.pushServerEvent({ type: 'reported', ...at });
    expect(s.kinds()).toEqual(['account-termination']);
    s.bus.pushServerEvent({ type: 'banned', ...at });
    expect(s.kinds()).toEqual(['account-terminated']);
    expect(s.host.session.status).toBe('signed-out');
  });

  it('warned: the spec\u2019s global warning or payment warning, with staff\u2019s words', () => {
    const s = setup();
    s.bus.pushServerEvent({ type: 'warned', kind: 'global', message: 'Stop spamming fans.', ...at });
    s.bus.pushServerEvent({ type: 'warned', kind: 'payment', message: 'Use your own card.', ...at });
    expect(s.popupStore.snapshot().map((p) => p.spec)).toEqual([
      expect.objectContaining({ kind: 'global-warning', message: 'Stop spamming fans.' }),
      expect.objectContaining({ kind: 'payment-user-warning', message: 'Use your own card.' }),
    ]);
  });

  it('keeps the session in step: credits, frozen, deletion, features, email verified', () => {
    const s = setup();
    s.host.session.config = testConfig();
    const features = { ...testConfig().features, vault: false };
    s.bus.pushServerEvent({ type: 'credits_update', credits: 900, amount: 650, ...at });
    s.bus.pushServerEvent({ type: 'frozen', frozen: true, ...at });
    s.bus.pushServerEvent({ type: 'deletion-scheduled', delete_at: '2026-02-01T00:00:00.000Z', ...at });
    s.bus.pushServerEvent({ type: 'provider_features_update', features, ...at });
    s.bus.pushServerEvent({ type: 'email_verified', ...at });
    expect(s.host.session.credits).toBe(900);
    expect(s.host.session.user).toMatchObject({
      credits: 900,
      frozen: true,
      deleted_scheduled: true,
      delete_at: '2026-02-01T00:00:00.000Z',
      email_verified: true,
    });
    expect(s.host.session.config?.features.vault).toBe(false);
    expect(s.kinds()).toEqual(['account-frozen']);
    s.bus.pushServerEvent({ type: 'frozen', frozen: false, ...at });
    expect(s.kinds()).toEqual([]);
  });

  it('credits_top_up: the crypto top-up popup with what was paid, the credits and the fee', () => {
    const s = setup();
    s.bus.pushServerEvent({
      type: 'credits_top_up',
      amount: 25.5,
      currency: 'usdt',
      credits: 250,
      fee: 0.5,
      payment_id: 'p-1',
      ...at,
    });
    s.bus.pushServerEvent({
      type: 'credits_top_up',
      amount: 10,
      currency: 'btc',
      credits: 100,
      payment_id: 'p-2',
      ...at,
    });
    expect(s.services.popupStore.snapshot().map((p) => p.spec)).toEqual([
      {
        kind: 'crypto-top-up',
        id: 'crypto-top-up-p-1',
        amount: 25.5,
        currency: 'usdt',
        credits: 250,
        fee: 0.5,
      },
      { kind: 'crypto-top-up', id: 'crypto-top-up-p-2', amount: 10, currency: 'btc', credits: 100 },
    ]);
  });

  it('payout_completed: the payout-completed popup with the amount, once per payout', () => {
    const s = setup();
    s.bus.pushServerEvent({ type: 'payout_completed', payout_id: 'po-1', amount: 250, ...at });
    s.bus.pushServerEvent({ type: 'payout_completed', payout_id: 'po-1', amount: 250, ...at });
    expect(s.services.popupStore.snapshot().map((p) => p.spec)).toEqual([
      { kind: 'payout-completed', id: 'payout-completed-po-1', amount: 250 },
    ]);
  });

  it('stops reacting once disposed', () => {
    const s = setup();
    s.subscription.unsubscribe();
    s.bus.pushServerEvent({ type: 'reported', ...at });
    expect(s.kinds()).toEqual([]);
  });
});
