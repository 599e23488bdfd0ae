/** The sandbox identity provider's page: plain HTML with no script, as a provider's hosted page would be. */

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #eef1f6; color: #1d2433; margin: 0; }
  main { max-width: 440px; margin: 8vh auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
  .brand { font-size: 13px; text-transform: uppercase; letter-spacing: .08em; color: #5b6577; }
  h1 { font-size: 22px; margin: 4px 0 16px; }
  label { display: block; margin: 0 0 16px; font-weight: 600; }
  input { display: block; margin-top: 6px; font: inherit; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  button { font: inherit; border: 0; border-radius: 8px; padding: 10px 16px; cursor: pointer; }
  .ok { background: #2456d6; color: #fff; } .no { background: #e4e7ee; color: #1d2433; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
  p.note { font-size: 13px; color: #5b6577; }`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>${style}</style></head><body><main>${body}</main></body></html>`;
}

/** The check itself; `checkId` is ours (`idc_` and hex), so it needs no escaping. */
export function identityCheckPage(checkId: string): string {
  return page(
    'Verify your identity',
    `<div class="brand">Sandbox identity check</div>
<h1>Verify your identity</h1>
<form method="post" action="/sandbox/identity/${checkId}">
  <label>Photo of your ID document<input type="file" name="document" accept="image/*"></label>
  <div class="actions">
    <button class="ok" name="outcome" value="verified" autofocus>Submit: ID verified</button>
    <button class="no" name="outcome" value="retake">Submit: ask to retake</button>
  </div>
</form>
<p class="note">This is the sandbox identity provider: no document is kept, and the button you press
decides the result.</p>`,
  );
}

export function identityCheckClosedPage(): string {
  return page(
    'Identity check closed',
    `<h1>This identity check is closed</h1><p><a href="/apply">Back to your application</a></p>`,
  );
}
