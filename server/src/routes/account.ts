import {
  changeVerifyEmailBody,
  messageResponse,
  resendVerifyBody,
  tagBody,
  tagsResponse,
  user as userSchema,
  userPatchBody,
  usernameAvailableQuery,
  usernameAvailableResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { normaliseEmail } from '../accounts/sign-in';
import { enterCodeCodes } from '../accounts/email-codes';
import { addTag, applyUserPatch, usernameAvailability, userSettingsCodes } from '../accounts/user-settings';
import { enterCode, requestEmailChange, resendCode, codeRequestCodes } from '../accounts/verification';
import { currentUser, requireUser } from '../auth/guards';
import { assertNoExclusiveClaim } from '../profiles/exclusive-content';
import { userDto } from '../users/load-user';
import { withErrors } from './with-errors';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  app.post(
    '/v1/users/verify-email',
    {
      ...guarded,
      schema: { body: verifyEmailBody, response: withErrors({ 200: verifyEmailResponse }, enterCodeCodes) },
    },
    async (request) => {
      const me = currentUser(request);
      const row = await enterCode(app.db, me, request.body.code);
      await app.realtime.emit(me.id, { type: 'email_verified' });
      return { message: 'Email verified successfully!', user: await userDto(app.db, row) };
    },
  );

  app.post(
    '/v1/users/resend-verify',
    {
      ...guarded,
      schema: { body: resendVerifyBody, response: withErrors({ 200: messageResponse }, codeRequestCodes) },
    },
    async (request) => {
      await resendCode(app, currentUser(request), request.body.email);
      return { message: 'Email sent successfully!' };
    },
  );

  app.post(
    '/v1/users/change-verify-email',
    {
      ...guarded,
      schema: {
        body: changeVerifyEmailBody,
        response: withErrors({ 200: messageResponse }, codeRequestCodes),
      },
    },
    async (request) => {
      await requestEmailChange(app, currentUser(request), normaliseEmail(request.body.email));
      return { message: 'Email sent successfully!' };
    },
  );

  app.patch(
    '/v1/users/:id',
    {
      ...guarded,
      schema: {
        params: z.object({ id: z.string() }),
        body: userPatchBody,
        response: withErrors({ 200: userSchema }, userSettingsCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { row, deletionChanged } = await applyUserPatch(app.db, me, request.params.id, request.body);
      if (deletionChanged) {
        await app.realtime.emit(me.id, {
          type: 'deletion-scheduled',
          delete_at: row.deleteAt?.toISOString() ?? null,
        });
      }
      return userDto(app.db, row);
    },
  );

  app.get(
    '/v1/username-available',
    {
      ...guarded,
      schema: {
        querystring: usernameAvailableQuery,
        response: withErrors({ 200: usernameAvailableResponse }),
      },
    },
    async (request) => {
      const message = await usernameAvailability(
        app.db,
        request.query.username.trim(),
        currentUser(request).id,
      );
      return { available: message === null, message };
    },
  );

  app.post(
    '/v1/users/tags',
    { ...guarded, schema: { body: tagBody, response: withErrors({ 200: tagsResponse }, userSettingsCodes) } },
    async (request) => {
      const me = currentUser(request);
      await assertNoExclusiveClaim(app.db, me, request.body.tag);
      return { tags: await addTag(app.db, me, request.body.tag) };
    },
  );
};
