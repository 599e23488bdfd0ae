import { TRIAL_DAYS, TRIAL_LINK_USES_MAX, type TrialLink } from '@cove/contracts';
import { errorMessage, formatDate, formatMoney } from '@cove/runtime';
import { Button, EmptyState, kit } from '@cove/ui';
import { useId, useState } from 'react';
import { useCreateTrialLink, useRevokeTrialLink } from '../api/offers';
import styles from '../SubscriptionOffers.module.css';

const statusWords = {
  active: 'Working',
  expired: 'Expired',
  revoked: 'Revoked',
  used_up: 'Used up',
} as const;

/** A date input's value a month from now, the form's starting expiry. */
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

function TrialLinkForm({ monthly }: { monthly: number }) {
  const create = useCreateTrialLink();
  const [days, setDays] = useState<(typeof TRIAL_DAYS)[number]>(7);
  const [uses, setUses] = useState('10');
  const [expires, setExpires] = useState(inAMonth);
  const n = Number(uses);
  const usesOk = Number.isInteger(n) && n >= 1 && n <= TRIAL_LINK_USES_MAX;
  // The link works to the end of the chosen day, in the creator's time; a past day the server refuses.
  const expiresAt = new Date(`${expires}T23:59:59`);
  const expiresOk = !Number.isNaN(expiresAt.getTime());
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (usesOk && expiresOk)
          create.mutate({ trial_days: days, max_uses: n, expires_at: expiresAt.toISOString() });
      }}
    >
      <div className={styles.grid}>
        <label className={kit.field}>
          <span className={kit.label}>Free for</span>
          <select
            className={kit.input}
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof TRIAL_DAYS)[number])}
          >
            {TRIAL_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
        <label className={kit.field}>
          <span className={kit.label}>Most fans</span>
          <input
            className={kit.input}
            inputMode="numeric"
            value={uses}
            aria-invalid={!usesOk}
            onChange={(e) => setUses(e.target.value)}
          />
        </label>
        <label className={kit.field}>
          <span className={kit.label}>Works until</span>
          <input
            className={kit.input}
            type="date"
            value={expires}
            aria-invalid={!expiresOk}
            onChange={(e) => setExpires(e.target.value)}
          />
        </label>
      </div>
      <p className={kit.hint}>
        Fans who never subscribed to you get {days} days free, then {formatMoney(monthly)} a month only if
        they turn renewal on.
      </p>
      <div className={styles.actions}>
        <Button type="submit" disabled={!usesOk || !expiresOk || create.isPending}>
          {create.isPending ? 'Making…' : 'Make trial link'}
        </Button>
        {create.isError && (
          <p className={kit.error} role="alert">
            {errorMessage(create.error)}
          </p>
        )}
      </div>
    </form>
  );
}

function LinkRow({ link }: { link: TrialLink }) {
  const revoke = useRevokeTrialLink();
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${link.path}`;
  return (
    <li className={styles.item}>
      <div className={styles.itemBody}>
        <p className={styles.itemTitle}>
          {link.trial_days} days free · {statusWords[link.status]}
        </p>
        <p className={kit.hint}>
          Used {link.used} / {link.max_uses} · expires {formatDate(link.expires_at)}
        </p>
        <input
          className={`${kit.input} ${styles.url}`}
          readOnly
          value={url}
          aria-label="Trial link"
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className={styles.itemActions}>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        {link.status === 'active' && (
          <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(link._id)}>
            Revoke
          </Button>
        )}
      </div>
      {revoke.isError && (
        <p className={kit.error} role="alert">
          {errorMessage(revoke.error)}
        </p>
      )}
    </li>
  );
}

/** Free-trial links: make one, see how many fans used each, copy its address, revoke it. */
export function TrialLinksSection({ links, monthly }: { links: TrialLink[]; monthly: number }) {
  const headingId = useId();
  return (
    <section className={kit.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Free-trial links
      </h3>
      <TrialLinkForm monthly={monthly} />
      {links.length === 0 ? (
        <EmptyState icon="🎁" title="No trial links yet">
          Share a link in your bio elsewhere: it opens your page with the free trial ready.
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Your trial links">
          {links.map((link) => (
            <LinkRow key={link._id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}
