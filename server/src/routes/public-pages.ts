import { publicCreatorEnvelope } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { fail } from '../errors';
import { robotsTxt, sitemapXml } from '../public-page/crawlers';
import { findPublicCreator, publicCreatorView } from '../public-page/public-creator';
import { assertAvailableIn } from '../region/availability';
import { requestCountry } from '../region/country';
import { regionCodes } from '../region/guard';
import { withErrors } from './with-errors';

/** Reads per client address per minute of the one API open without sign-in: a page, not a scraper. */
const PUBLIC_READS_PER_MINUTE = 60;
/** Crawlers read these often; an hour in a shared cache is fresh enough. */
const CRAWLER_CACHE = 'public, max-age=3600';

const params = z.object({ username: z.string().check(z.minLength(1), z.maxLength(100)) });

/**
 * A creator's public page for anyone, signed in or not (docs/rules.md, Public pages), and what
 * crawlers read: `robots.txt` and `sitemap.xml`.
 */
export const publicPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/public/creators/:username',
    {
      config: { rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        params,
        response: withErrors({ 200: publicCreatorEnvelope }, ['user_not_found', ...regionCodes]),
      },
    },
    async (request) => {
      const found = await findPublicCreator(app.db, request.params.username);
      if (!found) throw fail('user_not_found');
      // Asked as a visitor: the same page whoever asks, refused as a fan there would be.
      await assertAvailableIn(app.db, null, found.user.id, requestCountry(app.config, request.headers));
      return { data: await publicCreatorView(app.media, found) };
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(robotsTxt(app.config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(await sitemapXml(app.db, app.config.publicUrl)),
  );
};
