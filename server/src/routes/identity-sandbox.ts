import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { idDocumentSide } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { AppError, fail } from '../errors';
import { receiveUpload } from '../media/receive-upload';
import { uploadErrors } from '../media/upload-errors';
import { watchUploadPace } from '../media/upload-pace';
import { documentSides, saveIdDocument } from '../onboarding/id-documents';
import { openCheck, recordIdentityResult } from '../onboarding/id-verification';
import {
  identityCheckClosedPage,
  identityCheckPage,
  identityCheckScript,
} from '../onboarding/identity-sandbox-page';

const checkId = z.string().check(z.regex(/^idc_[0-9a-f]{32}$/));
const params = z.object({ id: checkId });

/**
 * The sandbox identity provider, in process (docs/rules.md, "Becoming a creator"): its hosted page
 * for one check, where the applicant uploads photos of their ID (kept privately for staff's review) and
 * whose form stands for the provider's decision and its webhook to us; then back to /apply. Its own
 * encapsulated plugin, so the form parsers stay here.
 */
export const identitySandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const m = app.media;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // As for media uploads: the stager refuses an oversize photo itself; busboy's limits are the backstop.
  await app.register(multipart, {
    limits: { fileSize: m.maxBytes.image + 1, files: 2, fields: 12, fieldSize: 1024, parts: 14 },
    throwFileSizeLimit: true,
  });

  const sidesOf = async (applicationId: string) =>
    (await documentSides(app.db, [applicationId])).get(applicationId) ?? [];

  app.get('/sandbox/identity/check.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(identityCheckScript),
  );

  app.get('/sandbox/identity/:id', { schema: { params } }, async (request, reply) => {
    const applicationId = await openCheck(app.db, request.params.id);
    if (!applicationId) return reply.code(404).type('text/html').send(identityCheckClosedPage());
    return reply.type('text/html').send(identityCheckPage(request.params.id, await sidesOf(applicationId)));
  });

  // One photo of the open check, processed and stored privately; the page's script shows the progress.
  app.post(
    '/sandbox/identity/:id/documents/:side',
    { schema: { params: z.object({ id: checkId, side: idDocumentSide }) } },
    async (request, reply) => {
      const applicationId = await openCheck(app.db, request.params.id);
      if (!applicationId) throw fail('not_found');
      const pace = watchUploadPace(request, reply, m.settings.uploadPace);
      const limit = m.maxBytes.image;
      const { file } = await receiveUpload(
        request,
        m.stagingDir,
        { image: limit, video: limit },
        pace.signal,
      );
      pace.stop();
      try {
        if (file.sniffed.kind !== 'image') throw uploadErrors.unsupported(file.sniffed.mime);
        const row = await saveIdDocument(m, applicationId, request.params.side, file.path);
        return { side: row.side, width: row.width, height: row.height };
      } finally {
        await rm(file.path, { force: true });
      }
    },
  );

  app.post(
    '/sandbox/identity/:id',
    { schema: { params, body: z.object({ outcome: z.enum(['verified', 'retake']) }) } },
    async (request, reply) => {
      try {
        await recordIdentityResult(app.db, request.params.id, request.body.outcome);
      } catch (err) {
        const applicationId = await openCheck(app.db, request.params.id);
        if (!(err instanceof AppError) || !applicationId) throw err;
        const again = identityCheckPage(request.params.id, await sidesOf(applicationId), err.message);
        return reply.code(err.statusCode).type('text/html').send(again);
      }
      return reply.redirect('/apply', 303);
    },
  );
};
