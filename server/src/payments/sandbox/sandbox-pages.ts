/** The sandbox provider's own pages: plain HTML with no script, as a processor's hosted page would be. */

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #eef1f6; color: #1d2433; margin: 0; }
  main { max-width: 420px; margin: 8vh auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
  .bank { font-size: 13px; text-transform: uppercase; letter-spacing: .08em; color: #5b6577; }
  h1 { font-size: 22px; margin: 4px 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; margin: 0 0 20px; }
  dt { color: #5b6577; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  button { font: inherit; border: 0; border-radius: 8px; padding: 10px 16px; cursor: pointer; }
  .ok { background: #2456d6; color: #fff; } .no { background: #e4e7ee; color: #1d2433; }
  button:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
  p.note { font-size: 13px; color: #5b6577; }
  code { word-break: break-all; }`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>${style}</style></head><body><main>${body}</main></body></html>`;
}

/** The bank page shows the charge in cents, the card network's unit, not in credits. */
const centsAsDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function challengePage(p: { id: string; amountCents: number; card: string }): string {
  return page(
    'Confirm your payment',
    `<div class="bank">Sandbox Bank · 3-D Secure</div>
<h1>Confirm your payment</h1>
<dl><dt>Merchant</dt><dd>Cove</dd><dt>Amount</dt><dd>${centsAsDollars(p.amountCents)}</dd><dt>Card</dt><dd>${escape(p.card)}</dd></dl>
<form method="post" action="/sandbox/3ds/${escape(p.id)}" class="actions">
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
  const amount = `${p.total.toFixed(2)} ${escape(p.currency)}`;
  return page(
    'Pay with crypto',
    `<div class="bank">Sandbox crypto checkout</div>
<h1>Send ${amount}</h1>
<dl><dt>Network fee</dt><dd>${p.fee.toFixed(2)} ${escape(p.currency)} (included)</dd>
<dt>To address</dt><dd><code>0xC0VE${p.id.slice(3, 39).toUpperCase()}</code></dd></dl>
<form method="post" action="/sandbox/crypto/${escape(p.id)}" class="actions">
  <button class="ok" autofocus>I have sent it</button>
  <a href="${escape(p.back)}">Cancel</a>
</form>
<p class="note">This is the sandbox payment provider: pressing the button stands for the transfer.</p>`,
  );
}

export function finishedPage(back: string): string {
  return page(
    'Payment already handled',
    `<h1>This payment was already handled</h1><p><a href="${escape(back)}">Back to Cove</a></p>`,
  );
}
