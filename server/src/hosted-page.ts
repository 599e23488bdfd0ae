/**
 * The sandboxes' hosted pages (the card processor's, the identity provider's): plain HTML with no
 * script, as a provider's own page would be, in one look.
 */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const baseStyle = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #eef1f6; color: #1d2433; margin: 0; }
  main { max-width: var(--width); margin: 8vh auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
  .brand { font-size: 13px; text-transform: uppercase; letter-spacing: .08em; color: #5b6577; }
  h1 { font-size: 22px; margin: 4px 0 16px; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  button { font: inherit; border: 0; border-radius: 8px; padding: 10px 16px; cursor: pointer; }
  .ok { background: #2456d6; color: #fff; } .no { background: #e4e7ee; color: #1d2433; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
  p.note { font-size: 13px; color: #5b6577; }`;

/** A whole page: `title` is escaped, `body` is HTML the caller built (escaping what it took from outside). */
export function hostedPage(title: string, body: string, look: { width: number; style: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>:root { --width: ${look.width}px; }${baseStyle}${look.style}</style></head><body><main>${body}</main></body></html>`;
}
