import { formatMoney, publicPagePath } from '@cove/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { assertAvailableIn } from '../region/availability';
import { requestCountry } from '../region/country';
import type { PageMeta } from '../shell-page/page-meta';
import { firstScreenHtml } from './first-screen';
import { findPublicCreator, publicCreatorView, type PublicCreatorFound } from './public-creator';

/** How the server answers `/{username}` before the page's script runs. */
export type PublicPageAnswer =
  | { kind: 'page'; meta: PageMeta; firstScreen: string; images: string[] }
  | { kind: 'moved'; to: string }
  | { kind: 'missing'; status: 404 | 451; meta: PageMeta };

const DESCRIPTION_MAX = 200;

/** An absolute URL of a path on this site (a public image), as previews fetched from elsewhere need. */
const absolute = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;

function describe({ user, counts }: PublicCreatorFound): string {
  const bio = user.bio.replace(/\s+/g, ' ').trim();
  if (bio) return bio.length > DESCRIPTION_MAX ? `${bio.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : bio;
  const price =
    user.subscriptionPrice > 0 ? `, subscribe for ${formatMoney(user.subscriptionPrice)} a month` : '';
  return `${counts.posts} posts on Cove. Message ${user.username ?? 'them'}${price}.`;
}

/**
 * The public page's answer for a visitor (docs/rules.md, Public pages): the creator's page with its
 * preview tags (`noindex` with `no_discover`) and its first screen drawn, a 301 from a name they let go to their current one,
 * or a page that says nothing about anyone and is not indexed: 404 when no reachable creator has the
 * name, 451 when the creator closed the visitor's country.
 */
export async function publicPageAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  username: string,
  search: string,
): Promise<PublicPageAnswer> {
  const found = await findPublicCreator(app.db, username);
  if (!found?.user.username)
    return { kind: 'missing', status: 404, meta: { title: 'Not found · Cove', noindex: true } };
  if (found.moved) return { kind: 'moved', to: `${publicPagePath(found.user.username)}${search}` };
  try {
    await assertAvailableIn(app.db, null, found.user.id, requestCountry(app.config, request.headers));
  } catch (err) {
    if (err instanceof AppError && err.code === 'region_blocked')
      return { kind: 'missing', status: 451, meta: { title: 'Not available · Cove', noindex: true } };
    throw err;
  }
  const { publicUrl } = app.config;
  const image = found.user.avatarUrl ?? found.user.coverUrl;
  return {
    kind: 'page',
    meta: {
      title: `${found.user.username} on Cove`,
      description: describe(found),
      url: `${publicUrl}${publicPagePath(found.user.username)}`,
      image: image ? absolute(publicUrl, image) : null,
      type: 'profile',
      noindex: !found.indexable,
    },
    firstScreen: firstScreenHtml(await publicCreatorView(app.media, found)),
    images: [found.user.coverUrl, found.user.avatarUrl].filter((url) => url !== null),
  };
}
