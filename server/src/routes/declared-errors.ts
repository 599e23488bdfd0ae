import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { guardedCodes } from '../auth/guards';
import type { RouteCodes } from '../errors';
import { errorHandlerCodes } from '../plugins/error-handler';
import { requestTextCodes } from '../plugins/request-text';
import { securityCodes } from '../plugins/security';
import { errorResponses } from './with-errors';

/** Everyone that answers on a route before or around its handler, each declaring its own codes. */
const aroundEveryRoute: RouteCodes[] = [errorHandlerCodes, requestTextCodes, securityCodes, guardedCodes];

/**
 * Adds to each described route the error statuses of the plugins and guards it passes through, so a
 * route module lists only what its services raise and `/openapi.json` still lists every status.
 * Registered before the route modules, so it sees each of them.
 */
export const declaredErrors = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<number, unknown> | undefined;
      if (!response) return;
      const around = errorResponses(aroundEveryRoute.flatMap((codes) => codes(route)));
      route.schema = { ...route.schema, response: { ...around, ...response } };
    });
  },
  { name: 'declared-errors' },
);
