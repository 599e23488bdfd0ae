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

/** What a page that describes itself adds: its title and preview tags, and the server's first screen. */
export interface Described {
  meta: PageMeta;
  /** HTML written before the app's root (public-page/first-screen.ts). */
  firstScreen?: string;
  /** The first screen's pictures, fetched ahead of the app's scripts: its largest paint waits on them. */
  images?: string[];
}

const ROOT = '<div id="root">';

/**
 * The shell page with what its first screen needs written in before `</head>`: the script that starts
 * a return visit's first reads, preload links for the route's remote and the registry, and for a page
 * that describes itself (a creator's public page) its title and preview tags, and its first screen
 * before the app's root. A template without `</head>` is sent as it is (the shell then fetches the
 * registry itself and every read).
 */
export function pageWithBootData(
  template: string,
  registry: Registry | null,
  preloads: Preload[],
  described: Described | null = null,
): string {
  const end = template.indexOf('</head>');
  if (end < 0) return template;
  const meta = described?.meta;
  const data = registry
    ? `<script type="application/json" id="${registryElementId}">${scriptSafeJson(registry)}</script>`
    : '';
  const reads = `<script>${pageScript}</script>`;
  let head = template.slice(0, end);
  const images = (described?.images ?? [])
    .map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`)
    .join('');
  if (images) head = head.replace(/<head>/, () => `<head>${images}`);
  let tags = '';
  if (meta) {
    const written = metaTags(meta);
    head = /<title>[^<]*<\/title>/.test(head)
      ? head.replace(/<title>[^<]*<\/title>/, () => written.title)
      : head + written.title;
    tags = written.tags;
  }
  let rest = template.slice(end);
  if (described?.firstScreen && rest.includes(ROOT))
    rest = rest.replace(ROOT, () => `${described.firstScreen ?? ''}${ROOT}`);
  return `${head}${tags}${reads}${preloads.map(linkTag).join('')}${data}${rest}`;
}
