import type { ReferralsPage } from '@cove/contracts';
import { formatMoney } from '@cove/runtime';
import { Button, kit } from '@cove/ui';
import { useId, useRef, useState } from 'react';
import shared from '../../../common/Earnings.module.css';
import styles from '../Referrals.module.css';

type Copied = 'copied' | 'failed' | null;

/** The creator's referral link with a copy button, their code, the terms and what referrals brought. */
export function ReferralLink({ terms }: { terms: ReferralsPage }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<Copied>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(terms.link);
      setCopied('copied');
    } catch {
      // Without clipboard access the link is selected, for the person to copy themselves.
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <div className={`${kit.panel} ${shared.box}`}>
      <h3 className={shared.boxTitle}>Your referral link</h3>
      <p className={kit.hint}>
        Creators who sign up with your link or code earn you {terms.share_percent}% of what they earn, for{' '}
        {terms.months} months after they join. It comes out of Cove&apos;s share, never theirs.
      </p>
      <div className={styles.linkRow}>
        <label className={shared.srOnly} htmlFor={`${id}-link`}>
          Referral link
        </label>
        <input
          ref={input}
          id={`${id}-link`}
          className={`${kit.input} ${styles.link}`}
          value={terms.link}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <Button onClick={() => void copy()}>Copy link</Button>
      </div>
      <p className={kit.hint} role="status">
        {copied === 'copied' && 'Link copied.'}
        {copied === 'failed' && 'Copying did not work: the link is selected, copy it from there.'}
      </p>
      <dl className={`${shared.figures} ${styles.facts}`}>
        <div>
          <dt>Code</dt>
          <dd>{terms.code}</dd>
        </div>
        <div>
          <dt>Your share</dt>
          <dd>{terms.share_percent}%</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{terms.months} months</dd>
        </div>
        <div>
          <dt>Earned from referrals</dt>
          <dd>{formatMoney(terms.total_earned)}</dd>
        </div>
      </dl>
    </div>
  );
}
