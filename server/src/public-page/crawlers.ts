import { publicPagePath } from '@cove/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { listedCreator } from '../discover/visibility';
import { escapeHtml } from '../hosted-page';

/** The most pages one sitemap may list (sitemaps.org). */
const SITEMAP_MAX = 50_000;

/**
 * `robots.txt`: crawlers may read the public pages and nothing behind sign-in or on the API, and are
 * told where the sitemap is.
 */
export function robotsTxt(publicUrl: string): string {
  const closed = [
    '/v1/',
    '/v2/',
    '/account',
    '/chats',
    '/notifications',
    '/home',
    '/login',
    '/dev/',
    '/sandbox/',
  ];
  return [
    'User-agent: *',
    ...closed.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * `sitemap.xml`: the public page of every creator listed in discovery (docs/rules.md, Public pages):
 * never one with `no_discover`, invisible, restricted or gone.
 */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${listedCreator} and ${users.username} is not null`)
    .orderBy(asc(users.username))
    .limit(SITEMAP_MAX);
  const urls = rows.map(
    ({ username }) => `<url><loc>${escapeHtml(`${publicUrl}${publicPagePath(username ?? '')}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}
