import { describeHistoryRow, formatCredits, type HistoryReceipt, historyKindLabels } from '@cove/contracts';
import { formatDateTime, formatMoney, requestState } from '@cove/runtime';
import { Button, ButtonLink, kit, RequestView } from '@cove/ui';
import { useId } from 'react';
import { Link, useParams } from '@cove/router';
import { useHistoryReceipt } from './api/get-history-receipt';
import { signedMoney } from './model/amounts';
import { rowLink } from './model/history-filter';
import styles from './History.module.css';

const statusText: Record<HistoryReceipt['status'], string> = {
  completed: 'Completed',
  pending: 'Pending',
  refunded: 'Refunded',
  charged_back: 'Charged back',
  reversed: 'Taken back by a chargeback',
};

function method(r: HistoryReceipt): string | null {
  const p = r.payment;
  if (!p) return null;
  if (p.method === 'crypto') return 'Crypto (USDC)';
  return p.card_brand ? `${p.card_brand} ending ${p.card_last4 ?? '····'}` : 'Card';
}

/** The receipt's lines: what a person would keep for their records, in the order they read it. */
function lines(r: HistoryReceipt): [string, string][] {
  const out: [string, string][] = [
    ['Receipt number', r._id],
    ['Date and time', formatDateTime(r.created_at)],
    ['Kind', historyKindLabels[r.kind]],
    ['Account', r.payer.username ?? 'You'],
    ['Seller', r.creator ? (r.creator.username ?? 'A creator') : 'Cove'],
  ];
  const paidWith = method(r);
  if (r.payment) {
    // A refund or chargeback names the purchase it undid.
    const undoing = r.kind !== 'credit_purchase';
    if (paidWith) out.push(['Payment method', paidWith]);
    out.push([undoing ? 'Original charge' : 'Charged', formatMoney(r.payment.price)]);
    out.push([undoing ? 'Credits it bought' : 'Credits bought', formatCredits(r.payment.credits)]);
    if (r.payment.bonus > 0) out.push(['Of which bonus', formatCredits(r.payment.bonus)]);
  }
  out.push(['Change to your balance', signedMoney(r.amount)]);
  if (r.debt_change !== 0)
    out.push([r.debt_change < 0 ? 'Now owed' : 'Debt repaid', formatMoney(Math.abs(r.debt_change))]);
  out.push(['Balance after', formatMoney(r.balance_after)]);
  out.push(['Status', statusText[r.status]]);
  return out;
}

/** `/account/history/:id`: one movement as a receipt, printable. */
export function Receipt() {
  const { id = '' } = useParams();
  const headingId = useId();
  const query = useHistoryReceipt(id);
  return (
    <section className={styles.page} aria-labelledby={headingId}>
      <div className={`${kit.bar} ${styles.head}`}>
        <h2 id={headingId} className={styles.title}>
          Receipt
        </h2>
        <Link className={styles.link} to="/account/history">
          Back to history
        </Link>
      </div>
      <RequestView state={requestState(query)} retry={() => void query.refetch()}>
        {(r) => {
          const link = rowLink(r);
          return (
            <article className={styles.receipt} aria-label={`Receipt for ${describeHistoryRow(r)}`}>
              <p className={styles.what}>{describeHistoryRow(r)}</p>
              <dl className={`${kit.facts} ${styles.lines}`}>
                {lines(r).map(([term, value]) => (
                  <div key={term} className={styles.line}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => window.print()}>
                  Print
                </Button>
                {link && (
                  <ButtonLink variant="ghost" to={link.to}>
                    {link.label}
                  </ButtonLink>
                )}
              </div>
            </article>
          );
        }}
      </RequestView>
    </section>
  );
}
