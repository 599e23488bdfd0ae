import { errorText, formatMoney, publicPagePath, type TrialLinkOffer } from '@cove/contracts';
import { errorMessage, formatDate, useHost, useSession } from '@cove/runtime';
import { Button, ButtonLink, kit } from '@cove/ui';
import { useId, useState } from 'react';
import { useRedeemTrial, useTrialLinkOffer } from '../api/trial-link';
import styles from './SubscribeOptions.module.css';

const DAY_MS = 86_400_000;

/** The offer in one line, as the confirm repeats it: "Free for 7 days, then $9.99 a month". */
export const trialWords = (offer: Pick<TrialLinkOffer, 'trial_days' | 'price'>) =>
  `Free for ${offer.trial_days} days, then ${formatMoney(offer.price)} a month`;

const refusal: Record<Exclude<TrialLinkOffer['status'], 'active'>, string> = {
  expired: errorText('trial_link_expired'),
  revoked: errorText('trial_link_revoked'),
  used_up: errorText('trial_link_used_up'),
};

function Redeem({ offer, username }: { offer: TrialLinkOffer; username: string }) {
  const { popups } = useHost();
  const { status } = useSession();
  const redeem = useRedeemTrial(offer.creator._id);
  const [renew, setRenew] = useState(false);
  const renewId = useId();
  if (status !== 'signed-in') {
    const back = `${publicPagePath(username)}?trial=${encodeURIComponent(offer.code)}`;
    return (
      <>
        <ButtonLink to={`/login?next=${encodeURIComponent(back)}`}>Start free trial</ButtonLink>
        <p className={kit.hint}>Join Cove with your email to start it: no password, no card needed.</p>
      </>
    );
  }
  if (redeem.isSuccess)
    return (
      <p className={kit.ok} role="status">
        Your free trial is on until {formatDate(redeem.data.data.expires_at)}.
      </p>
    );
  async function start() {
    const ends = formatDate(new Date(Date.now() + offer.trial_days * DAY_MS).toISOString());
    const { outcome } = popups.open({
      kind: 'generic',
      emoji: '🎁',
      sentence: renew
        ? `${trialWords(offer)}. It renews on ${ends} for ${formatMoney(offer.price)} unless you turn renewal off in Account › Subscriptions.`
        : `${trialWords(offer)} if you turn renewal on. Nothing will be charged: your trial ends on ${ends}.`,
      confirmLabel: 'Start free trial',
    });
    if ((await outcome).action === 'confirm') redeem.mutate({ code: offer.code, renew, price: offer.price });
  }
  return (
    <>
      <label className={`${kit.choice} ${kit.choiceLine}`} htmlFor={renewId}>
        <input id={renewId} type="checkbox" checked={renew} onChange={(e) => setRenew(e.target.checked)} />
        Renew at {formatMoney(offer.price)} a month after the trial
      </label>
      <Button disabled={redeem.isPending} onClick={() => void start()}>
        {redeem.isPending ? 'Starting…' : 'Start free trial'}
      </Button>
      {redeem.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(redeem.error)}
        </p>
      )}
    </>
  );
}

/**
 * A free-trial link's offer at the top of the creator's public page (`?trial=`): what it gives in
 * dollars and, signed in, the confirm that starts it; signed out, sign-in that comes back to it.
 */
export function TrialOffer({ code, username }: { code: string; username: string }) {
  const offer = useTrialLinkOffer(code);
  const headingId = useId();
  return (
    <section className={`${kit.panel} ${styles.trial}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.trialTitle}>
        {offer.data ? trialWords(offer.data) : 'Free trial'}
      </h2>
      {offer.isPending ? (
        <p className={kit.hint} role="status">
          Loading the offer…
        </p>
      ) : offer.isError ? (
        <p className={kit.error} role="alert">
          {errorMessage(offer.error)}
        </p>
      ) : offer.data.status !== 'active' ? (
        <p className={kit.error} role="alert">
          {refusal[offer.data.status]}
        </p>
      ) : (
        <Redeem offer={offer.data} username={username} />
      )}
    </section>
  );
}
