import { registryElementId, type Registry } from '@cove/contracts';
import { escapeHtml } from '../hosted-page';
import { pageScript } from '../inline-script';
import { metaTags, type PageMeta } from './page-meta';
import type { Preload } from './remote-preloads';

/**
 * JSON that cannot end its `<script>` element or open a comment in it: `<`, `>` and `&` are written as
 * `\u003c`-style escapes (still the same JSON), and so are the line separators older parsers reject.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const linkTag = (p: Preload) =>
  `<link rel="preload" as="${p.as}" href="${escapeHtml(p.href)}"${p.crossorigin ? ' crossorigin' : ''}>`;

/**
 * The shell page with what its first screen needs written in before `</head>`: the script that starts
 * a return visit's first reads, preload links for the route's remote and the registry, and for a page
 * that describes itself (a creator's public page) its title and preview tags. A template without
 * `</head>` is sent as it is (the shell then fetches the registry itself and every read).
 */
export function pageWithBootData(
  template: string,
  registry: Registry | null,
  preloads: Preload[],
  meta: PageMeta | null = null,
): string {
  const end = template.indexOf('</head>');
  if (end < 0) return template;
  const data = registry
    ? `<script type="application/json" id="${registryElementId}">${scriptSafeJson(registry)}</script>`
    : '';
  const reads = `<script>${pageScript}</script>`;
  let head = template.slice(0, end);
  let described = '';
  if (meta) {
    const { title, tags } = metaTags(meta);
    head = /<title>[^<]*<\/title>/.test(head)
      ? head.replace(/<title>[^<]*<\/title>/, () => title)
      : head + title;
    described = tags;
  }
  return `${head}${described}${reads}${preloads.map(linkTag).join('')}${data}${template.slice(end)}`;
}
