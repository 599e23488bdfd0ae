import { InvalidField } from '../errors';

// Browsers' URL parsers drop tabs and newlines (so `/\t/x` reads as `//x`, another site) and read a
// backslash as a slash: no control character (U+0000–U+001F, U+007F–U+009F) or backslash belongs in
// an address Cove sends as a redirect.
const unsafe = /[\p{Cc}\\]/u;

/**
 * Where a provider's page may send the browser back (docs/rules.md, Return addresses): a page of
 * Cove's own site, given as a path or as an address on `siteOrigin`. Answers its path (with query and
 * fragment), which the provider's page sends as its `Location`; throws a 400 naming `field` otherwise.
 */
export function returnPathOf(field: string, value: string, siteOrigin: string): string {
  let url: URL | null = null;
  try {
    url = unsafe.test(value) || value === '' ? null : new URL(value, siteOrigin);
  } catch {
    url = null;
  }
  const path = url ? `${url.pathname}${url.search}${url.hash}` : '';
  // A path the parser turned into `//host...` (from `/..//host`) would leave the site as a Location.
  if (!url || url.origin !== siteOrigin || !path.startsWith('/') || path.startsWith('//'))
    throw new InvalidField(`body.${field}`, 'must be an address on this site, such as /3ds-callback');
  return path;
}

/** The return path with the payment's id, which the return page asks the server about. */
export function withPaymentId(path: string, paymentId: string): string {
  const at = path.indexOf('#');
  const [head, fragment] = at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
  return `${head}${head.includes('?') ? '&' : '?'}paymentId=${paymentId}${fragment}`;
}
