import { blockedCountries, geoIpResponse } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../auth/guards';
import { setBlockedCountries } from '../region/blocked-countries';
import { requestCountry } from '../region/country';
import { withErrors } from './with-errors';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  // No outside lookups: the country comes only from a trusted proxy's header, when there is one.
  app.get('/v1/geo_ip', { schema: { response: withErrors({ 200: geoIpResponse }) } }, async (request) => ({
    ip: request.ip,
    country_code: requestCountry(app.config, request.headers),
  }));

  const creators = { onRequest: requireRole('featured') };

  app.get(
    '/v1/users/blocked-countries',
    { ...creators, schema: { response: withErrors({ 200: blockedCountries }) } },
    async (request) => ({ blocked_countries: currentUser(request).blockedCountries }),
  );

  app.put(
    '/v1/users/blocked-countries',
    {
      ...creators,
      schema: { body: blockedCountries, response: withErrors({ 200: blockedCountries }) },
    },
    async (request) => ({
      blocked_countries: await setBlockedCountries(
        app.db,
        currentUser(request).id,
        request.body.blocked_countries,
      ),
    }),
  );
};
