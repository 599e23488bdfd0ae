import { escapeHtml } from '../hosted-page';

/** What a page says of itself to search engines and link previews, written into its `<head>`. */
export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute URLs: previews are fetched from elsewhere. */
  url?: string;
  image?: string | null;
  type?: 'profile';
  /** Keep the page out of search results. */
  noindex?: boolean;
}

const tag = (attr: 'name' | 'property', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/**
 * The `<head>` tags of `meta`, every value escaped: a `<title>`, the description, Open Graph and
 * Twitter card tags, the canonical link and robots. The title is written in place of the template's.
 */
export function metaTags(meta: PageMeta): { title: string; tags: string } {
  const tags: string[] = [];
  if (meta.noindex) tags.push(tag('name', 'robots', 'noindex'));
  if (meta.description !== undefined) {
    tags.push(tag('name', 'description', meta.description));
    tags.push(tag('property', 'og:title', meta.title), tag('property', 'og:description', meta.description));
    if (meta.type) tags.push(tag('property', 'og:type', meta.type));
    if (meta.url) {
      tags.push(tag('property', 'og:url', meta.url), `<link rel="canonical" href="${escapeHtml(meta.url)}">`);
    }
    if (meta.image) tags.push(tag('property', 'og:image', meta.image));
    tags.push(tag('property', 'og:site_name', 'Cove'));
    tags.push(
      tag('name', 'twitter:card', 'summary'),
      tag('name', 'twitter:title', meta.title),
      tag('name', 'twitter:description', meta.description),
    );
    if (meta.image) tags.push(tag('name', 'twitter:image', meta.image));
  }
  return { title: `<title>${escapeHtml(meta.title)}</title>`, tags: tags.join('') };
}
