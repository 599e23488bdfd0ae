import { createHash } from 'node:crypto';
import { firstReadsScript, type Registry } from '@cove/contracts';
import { pageScriptHash } from '../inline-script';
import { pageWithBootData, scriptSafeJson } from './page-html';

const template = '<html><head><title>Cove</title></head><body></body></html>';
const registry: Registry = { schemaVersion: 1, updatedAt: null, remotes: {} };

describe('what the server writes into the shell page', () => {
  it('writes JSON no text can break out of, which still reads back the same', () => {
    const hostile = {
      a: '</script><script>alert(1)</script>',
      b: '<!-- <script>',
      c: 'x\u2028y\u2029z & more',
    };
    const json = scriptSafeJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('puts the first-reads script, the preloads and the registry at the end of the head, attributes escaped', () => {
    const page = pageWithBootData(template, registry, [
      { href: '/mf/chat/1/mf-manifest.json', as: 'fetch', crossorigin: true },
      { href: '/x"><script>alert(1)</script>', as: 'script', crossorigin: false },
    ]);
    expect(page).toBe(
      '<html><head><title>Cove</title>' +
        `<script>${firstReadsScript}</script>` +
        '<link rel="preload" as="fetch" href="/mf/chat/1/mf-manifest.json" crossorigin>' +
        '<link rel="preload" as="script" href="/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">' +
        '<script type="application/json" id="cove-registry">{"schemaVersion":1,"updatedAt":null,"remotes":{}}</script>' +
        '</head><body></body></html>',
    );
  });

  it('leaves a page without a head as it is, and writes no registry it does not have', () => {
    expect(pageWithBootData('<div></div>', registry, [])).toBe('<div></div>');
    expect(pageWithBootData(template, null, [])).toBe(
      `<html><head><title>Cove</title><script>${firstReadsScript}</script></head><body></body></html>`,
    );
  });

  it("allows the page's inline script by the hash of exactly its text", () => {
    const inline = /<script>(.*?)<\/script>/.exec(pageWithBootData(template, null, []))?.[1] ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(pageScriptHash).toBe(`'sha256-${hash}'`);
  });
});
