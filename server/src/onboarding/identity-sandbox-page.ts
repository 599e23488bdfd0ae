/** The sandbox identity provider's pages. */
import { hostedPage } from '../hosted-page';

const look = {
  width: 440,
  style: `
  label { display: block; margin: 0 0 16px; font-weight: 600; }
  input { display: block; margin-top: 6px; font: inherit; }`,
};
const page = (title: string, body: string) => hostedPage(title, body, look);

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
