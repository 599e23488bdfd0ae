import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { openCheck, recordIdentityResult } from '../onboarding/id-verification';
import { identityCheckClosedPage, identityCheckPage } from '../onboarding/identity-sandbox-page';

const params = z.object({ id: z.string().check(z.regex(/^idc_[0-9a-f]{32}$/)) });

/**
 * The sandbox identity provider, in process (docs/rules.md, "Becoming a creator"): its hosted page
 * for one check, whose form stands for the provider's decision and its webhook to us; then back to
 * /apply. Its own encapsulated plugin, so the form parser stays here.
 */
export const identitySandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/sandbox/identity/:id', { schema: { params } }, async (request, reply) => {
    if (!(await openCheck(app.db, request.params.id)))
      return reply.code(404).type('text/html').send(identityCheckClosedPage());
    return reply.type('text/html').send(identityCheckPage(request.params.id));
  });

  app.post(
    '/sandbox/identity/:id',
    { schema: { params, body: z.object({ outcome: z.enum(['verified', 'retake']) }) } },
    async (request, reply) => {
      await recordIdentityResult(app.db, request.params.id, request.body.outcome);
      return reply.redirect('/apply', 303);
    },
  );
};
