/** The sandbox provider's own pages. */
import { formatPayment } from '@cove/contracts';
import { escapeHtml, hostedPage } from '../../hosted-page';

const look = {
  width: 420,
  style: `
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; margin: 0 0 20px; }
  dt { color: #5b6577; } dd { margin: 0; font-weight: 600; }
  code { word-break: break-all; }`,
};
const page = (title: string, body: string) => hostedPage(title, body, look);

/** The bank page shows the charge as the card network has it (cents of a dollar), not in credits. */
const centsAsDollars = (cents: number) => escapeHtml(formatPayment(cents / 100, 'usd'));

export function challengePage(p: { id: string; amountCents: number; card: string }): string {
  return page(
    'Confirm your payment',
    `<div class="brand">Sandbox Bank · 3-D Secure</div>
<h1>Confirm your payment</h1>
<dl><dt>Merchant</dt><dd>Cove</dd><dt>Amount</dt><dd>${centsAsDollars(p.amountCents)}</dd><dt>Card</dt><dd>${escapeHtml(p.card)}</dd></dl>
<form method="post" action="/sandbox/3ds/${escapeHtml(p.id)}" class="actions">
  <button class="ok" name="outcome" value="approve" autofocus>Complete authentication</button>
  <button class="no" name="outcome" value="fail">Fail authentication</button>
</form>
<p class="note">This is the sandbox payment provider: no real bank is asked and no money moves.</p>`,
  );
}

export function invoicePage(p: {
  id: string;
  total: number;
  fee: number;
  currency: string;
  back: string;
}): string {
  const amount = escapeHtml(formatPayment(p.total, p.currency));
  return page(
    'Pay with crypto',
    `<div class="brand">Sandbox crypto checkout</div>
<h1>Send ${amount}</h1>
<dl><dt>Network fee</dt><dd>${escapeHtml(formatPayment(p.fee, p.currency))} (included)</dd>
<dt>To address</dt><dd><code>0xC0VE${p.id.slice(3, 39).toUpperCase()}</code></dd></dl>
<form method="post" action="/sandbox/crypto/${escapeHtml(p.id)}" class="actions">
  <button class="ok" autofocus>I have sent it</button>
  <a href="${escapeHtml(p.back)}">Cancel</a>
</form>
<p class="note">This is the sandbox payment provider: pressing the button stands for the transfer.</p>`,
  );
}

export function finishedPage(back: string): string {
  return page(
    'Payment already handled',
    `<h1>This payment was already handled</h1><p><a href="${escapeHtml(back)}">Back to Cove</a></p>`,
  );
}
