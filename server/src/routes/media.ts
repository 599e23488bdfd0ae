import multipart from '@fastify/multipart';
import {
  mediaAvailableQuery,
  mediaAvailableResponse,
  mediaConfig,
  mediaResponse,
  vaultDeleteBody,
  vaultDeleteResponse,
  vaultPage as vaultPageSchema,
  vaultQuery,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { callerMediaCodes, deleteVaultMedia, ownMedia, visibleMedia } from '../media/caller-media';
import { acceptUpload } from '../media/accept-upload';
import { mediaResponseOf } from '../media/descriptor';
import { availableMedia, mediaById } from '../media/media-store';
import { receiveUpload, UPLOAD_FIELDS } from '../media/receive-upload';
import { serveMedia } from '../media/serve-media';
import { allowUploadsFromPublicSite } from './upload-cors';
import { uploadCodes } from '../media/upload-errors';
import { watchUploadPace } from '../media/upload-pace';
import { vaultCodes, vaultPage } from '../media/vault';
import { withErrors } from './with-errors';
import { assertFeature } from '../provider/provider-config';

/** How long an upload's answer waits for processing before answering `processing` (images are ready by then). */
const UPLOAD_WAIT_MS = 10_000;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const m = app.media;
  const guarded = { onRequest: requireUser };
  await app.register(multipart, {
    // The stager refuses oversize files itself, with the right words; busboy's limits are the backstop.
    // One more file and field than allowed reach receiveUpload, which refuses them with a clear 400
    // (busboy's own limit errors would leave the form half read).
    limits: {
      fileSize: Math.max(m.maxBytes.image, m.maxBytes.video) + 1,
      files: 2,
      fields: UPLOAD_FIELDS + 1,
      fieldSize: 1024,
      parts: UPLOAD_FIELDS + 3,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  allowUploadsFromPublicSite(app, '/v1/media');

  app.post(
    '/v1/media',
    { ...guarded, schema: { response: withErrors({ 200: mediaResponse }, uploadCodes) } },
    async (request, reply) => {
      const me = currentUser(request);
      const pace = watchUploadPace(request, reply, m.settings.uploadPace);
      const upload = await receiveUpload(request, m.stagingDir, m.maxBytes, pace.signal);
      // After a refusal the watch goes on while the rest of the body is read and dropped.
      pace.stop();
      const row = await acceptUpload(m, me, upload);
      m.runner.kick();
      if (row.status === 'processing') await m.runner.waitFor(row.id, UPLOAD_WAIT_MS);
      return mediaResponseOf(m.signer, (await mediaById(m.db, row.id)) ?? row, me.id);
    },
  );

  app.get(
    '/v1/media/available',
    {
      ...guarded,
      schema: {
        querystring: mediaAvailableQuery,
        response: withErrors({ 200: mediaAvailableResponse }),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const row = await availableMedia(m.db, me.id, request.query.media_id, request.query.sha256);
      return row
        ? { status: true, media: mediaResponseOf(m.signer, row, me.id) }
        : { status: false, media: null };
    },
  );

  app.get(
    '/v1/media/config',
    { ...guarded, schema: { response: withErrors({ 200: mediaConfig }) } },
    async () => ({
      // Relative unless uploads have their own host: the page's own origin takes them.
      upload_url: `${m.settings.uploadUrl ?? ''}/v1/media`,
      max_photo_bytes: m.maxBytes.image,
      max_video_bytes: m.maxBytes.video,
    }),
  );

  app.get(
    '/v1/media',
    {
      ...guarded,
      schema: {
        querystring: vaultQuery,
        response: withErrors({ 200: vaultPageSchema }, [...vaultCodes, 'forbidden']),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertFeature(m.db, me, 'vault');
      return vaultPage(m.db, m.signer, me.id, request.query);
    },
  );

  app.delete(
    '/v1/media',
    {
      ...guarded,
      schema: {
        body: vaultDeleteBody,
        response: withErrors({ 200: vaultDeleteResponse }, [...callerMediaCodes, 'forbidden']),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertFeature(m.db, me, 'vault');
      return { deleted: await deleteVaultMedia(m.db, me.id, request.body.ids) };
    },
  );

  // The uploader's status check while a video is processing.
  app.get(
    '/v1/media/:id',
    {
      ...guarded,
      schema: {
        params: z.object({ id: z.string() }),
        response: withErrors({ 200: mediaResponse }, callerMediaCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      return mediaResponseOf(m.signer, await ownMedia(m.db, me.id, request.params.id), me.id);
    },
  );

  app.get(
    '/v1/users/images/public_id/:id',
    {
      ...guarded,
      schema: {
        params: z.object({ id: z.string().check(z.maxLength(64)) }),
        response: withErrors({ 200: mediaResponse }, callerMediaCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { row, view } = await visibleMedia(m.db, me.id, request.params.id);
      return mediaResponseOf(m.signer, row, me.id, view);
    },
  );

  app.get(
    '/media/:token/:file',
    { schema: { params: z.object({ token: z.string(), file: z.string() }) } },
    async (request, reply) => serveMedia(m, request, reply, request.params.token, request.params.file),
  );
};
