import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3 generated from the routes' zod schemas: JSON at `/openapi.json`, a browsable page at
 * `/docs`. Registered before the routes so it sees every one of them.
 */
export const apiDocs = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cove API',
        version: '1',
        description:
          'Every error answers with `{ message, code, errors? }`; `code` is from the error catalogue.',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // staticCSP gives the page's own answers a CSP with the hashes of its inline parts, so only /docs relaxes.
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
});
