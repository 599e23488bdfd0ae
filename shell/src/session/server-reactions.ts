import type { ServerEventOf, ServerEventType } from '@cove/contracts';
import { Subscription } from '@cove/runtime';
import { setCredits, updateUser } from '@cove/runtime/shell';
import type { ShellHost } from '../services/shell-context';
import type { ShellAccount } from '../services/shell-account';

/**
 * What the shell itself does with server events (spec section 4): approved shows the account
 * verified popup and reloads the user, onboarding_rejected the rejection; banned runs the banned flow; reported warns of termination; warned shows staff's warning;
 * credits_top_up shows what a crypto top-up brought; payout_completed says a payout reached the creator;
 * the rest keep the session in step. Remotes subscribe to the same streams for their own needs.
 * The returned subscription ends them all.
 */
export function reactToServerEvents(host: ShellHost, account: ShellAccount): Subscription {
  const { bus, session, popups } = host;
  const subscription = new Subscription();
  const on = <K extends ServerEventType>(type: K, handle: (event: ServerEventOf<K>) => void) =>
    subscription.add(bus.on(type).subscribe(handle));
  const reload = () => account.reload().catch((err: unknown) => console.warn('The user did not reload', err));

  on('approved', () => {
    popups.open({ kind: 'account-verified', id: 'account-verified' });
    void reload();
  });
  on('onboarding_rejected', () => {
    popups.open({ kind: 'application-rejected', id: 'application-rejected' });
    void reload();
  });
  on('banned', () => account.banned());
  on('reported', () => void popups.open({ kind: 'account-termination', id: 'account-termination' }));
  // Staff warned the person: the spec's general warning, or the one about payments.
  on(
    'warned',
    ({ kind, message }) =>
      void popups.open(
        kind === 'payment'
          ? { kind: 'payment-user-warning', id: 'payment-user-warning', message }
          : { kind: 'global-warning', id: 'global-warning', title: 'A warning from Cove', message },
      ),
  );
  on('frozen', ({ frozen }) => {
    updateUser(session, { frozen });
    if (frozen) popups.open({ kind: 'account-frozen', id: 'account-frozen' });
    else popups.close('account-frozen');
  });
  // Staff stepped or lifted the creator's visibility ladder: the banner follows at once.
  on('discover_warning', ({ warning }) =>
    updateUser(session, {
      discover_warning: warning,
      punishment_alert: warning?.level === 'punishment_alert',
      final_punishment_alert: warning?.level === 'final_punishment_alert',
    }),
  );
  on('deletion-scheduled', ({ delete_at }) =>
    updateUser(session, { deleted_scheduled: delete_at !== null, delete_at }),
  );
  on('provider_features_update', ({ features }) => {
    if (session.config) session.config.features = features;
  });
  on('credits_update', ({ credits }) => setCredits(session, credits));
  // A crypto top-up lands later, from the provider: say what it brought (its credits come by credits_update).
  on(
    'credits_top_up',
    ({ amount, currency, credits, fee, payment_id }) =>
      void popups.open({
        kind: 'crypto-top-up',
        id: `crypto-top-up-${payment_id}`,
        amount,
        currency,
        credits,
        ...(fee !== undefined ? { fee } : {}),
      }),
  );
  on(
    'payout_completed',
    ({ payout_id, amount }) =>
      void popups.open({ kind: 'payout-completed', id: `payout-completed-${payout_id}`, amount }),
  );
  on('email_verified', () => updateUser(session, { email_verified: true }));
  return subscription;
}
