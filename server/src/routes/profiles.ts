import { join } from 'node:path';
import { followResponse, profileEnvelope, profilePatchBody, user as userSchema } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { followCodes, setFollow } from '../profiles/follows';
import {
  applyProfilePatch,
  profilePatchCodes,
  type ProfileDeps,
  setRandomAvatar,
} from '../profiles/profile-patch';
import { viewProfile, viewProfileCodes } from '../profiles/profile-view';
import { assertRegionAllows, regionCodes } from '../region/guard';
import { userDto } from '../users/load-user';
import { withErrors } from './with-errors';

const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const deps = (): ProfileDeps => ({
    db: app.db,
    realtime: app.realtime,
    storage: app.media.storage,
    workDir: app.media.workDir,
    mediaDir: join(app.config.dataDir, 'media'),
    pixels: app.media.pixels,
  });

  app.patch(
    '/v1/users/profile',
    {
      ...guarded,
      schema: {
        body: profilePatchBody,
        response: withErrors({ 200: userSchema }, profilePatchCodes),
      },
    },
    async (request) => userDto(app.db, await applyProfilePatch(deps(), currentUser(request), request.body)),
  );

  app.patch(
    '/v1/users/random_avatar',
    { ...guarded, schema: { response: withErrors({ 200: userSchema }) } },
    async (request) => userDto(app.db, await setRandomAvatar(deps(), currentUser(request))),
  );

  app.get(
    '/v1/users/:id/profile',
    {
      ...guarded,
      schema: {
        params: idParams,
        response: withErrors({ 200: profileEnvelope }, [...viewProfileCodes, ...regionCodes]),
      },
    },
    async (request) => {
      await assertRegionAllows(app, request, request.params.id);
      return { data: await viewProfile(app.db, currentUser(request).id, request.params.id) };
    },
  );

  for (const [method, follow] of [
    ['PATCH', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/v1/users/:id/follow',
      ...guarded,
      schema: {
        params: idParams,
        response: withErrors({ 200: followResponse }, [...followCodes, ...regionCodes]),
      },
      handler: async (request) => {
        const me = currentUser(request);
        // Following brings the creator's thank-you into a chat the region rule closes: not from there.
        if (follow) await assertRegionAllows(app, request, request.params.id);
        return setFollow(app, me.id, request.params.id, follow);
      },
    });
  }
};
