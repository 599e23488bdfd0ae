/** The sandbox identity provider's pages. */
import type { IdDocumentSide } from '@cove/contracts';
import { escapeHtml, hostedPage } from '../hosted-page';
import { ID_DOCUMENT_RETENTION_DAYS } from './id-documents';

const look = {
  width: 480,
  style: `
  .doc { margin: 0 0 18px; }
  .doc label { display: block; font-weight: 600; }
  .doc input { display: block; margin-top: 6px; font: inherit; max-width: 100%; }
  .doc progress { display: block; width: 100%; margin-top: 8px; }
  .doc .status { margin: 4px 0 0; font-size: 14px; color: #5b6577; }
  .error { color: #b42318; font-weight: 600; }`,
};
const page = (title: string, body: string) => hostedPage(title, body, look);

const photoLabels: Record<IdDocumentSide, string> = {
  front: 'Photo of your ID document (front)',
  selfie: 'A selfie holding the document (optional)',
};

/** One photo's picker, its progress and what became of it; the script uploads it when chosen. */
function photoField(checkId: string, side: IdDocumentSide, uploaded: boolean): string {
  const id = `photo-${side}`;
  return `<div class="doc">
  <label for="${id}">${photoLabels[side]}</label>
  <input id="${id}" type="file" accept="image/*" data-side="${side}"
    data-url="/sandbox/identity/${checkId}/documents/${side}" aria-describedby="${id}-status">
  <progress id="${id}-progress" max="1" value="${uploaded ? 1 : 0}" aria-label="Upload progress"${uploaded ? '' : ' hidden'}></progress>
  <p id="${id}-status" class="status" role="status">${uploaded ? 'Uploaded.' : ''}</p>
</div>`;
}

/**
 * The check itself; `checkId` is ours (`idc_` and hex), so it needs no escaping. `uploaded`: the
 * photos already taken; `error`: why the last answer was refused.
 */
export function identityCheckPage(
  checkId: string,
  uploaded: readonly IdDocumentSide[] = [],
  error: string | null = null,
): string {
  return page(
    'Verify your identity',
    `<div class="brand">Sandbox identity check</div>
<h1>Verify your identity</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${photoField(checkId, 'front', uploaded.includes('front'))}
${photoField(checkId, 'selfie', uploaded.includes('selfie'))}
<form method="post" action="/sandbox/identity/${checkId}">
  <div class="actions">
    <button class="ok" name="outcome" value="verified">Submit: ID verified</button>
    <button class="no" name="outcome" value="retake">Submit: ask to retake</button>
  </div>
</form>
<p class="note">This is the sandbox identity provider: the button you press decides the result. Your
photos are kept privately for Cove's staff to review your application, and erased
${ID_DOCUMENT_RETENTION_DAYS} days after their decision.</p>
<script src="/sandbox/identity/check.js"></script>`,
  );
}

/**
 * The page's one script: uploads a chosen photo at once, showing how much has gone, then what the
 * provider made of it. A plain file (the content security policy allows no inline script).
 */
export const identityCheckScript = `'use strict';
for (const input of document.querySelectorAll('input[type=file][data-side]')) {
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const box = input.closest('.doc');
    const bar = box.querySelector('progress');
    const status = box.querySelector('.status');
    const show = (text) => { status.textContent = text; };
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', input.dataset.url);
    bar.hidden = false;
    bar.value = 0;
    show('Uploading…');
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      bar.value = e.loaded / e.total;
      show('Uploading… ' + Math.round((e.loaded * 100) / e.total) + '%');
    };
    xhr.onload = () => {
      let answer = {};
      try { answer = JSON.parse(xhr.responseText); } catch (err) { answer = {}; }
      if (xhr.status === 200) {
        bar.value = 1;
        show('Uploaded.');
      } else {
        bar.hidden = true;
        show(answer.message || 'The upload failed. Please try again.');
      }
    };
    xhr.onerror = () => {
      bar.hidden = true;
      show('The upload failed. Please check your connection and try again.');
    };
    xhr.send(form);
  });
}
`;

export function identityCheckClosedPage(): string {
  return page(
    'Identity check closed',
    `<h1>This identity check is closed</h1><p><a href="/apply">Back to your application</a></p>`,
  );
}
