import { authBody, authResponse, messageResponse, signInBody } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { botCheckCodes, checkHuman } from '../accounts/bot-check';
import { signInLimitCodes, signInLimits } from '../accounts/sign-in-limits';
import { sendVerificationCode } from '../accounts/verification';
import {
  createSignInLink,
  findOrCreateUser,
  normaliseEmail,
  redeemCodes,
  redeemSignInLink,
  refuseInactive,
  signInCodes,
} from '../accounts/sign-in';
import { currentUser, requireUser } from '../auth/guards';
import { revokeAccessToken } from '../auth/tokens';
import { signInMail } from '../mail/templates';
import { userDto } from '../users/load-user';
import { withErrors } from './with-errors';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/users/sign',
    {
      preHandler: signInLimits(app),
      schema: {
        body: signInBody,
        response: withErrors({ 200: messageResponse }, [
          ...signInCodes,
          ...botCheckCodes,
          ...signInLimitCodes,
        ]),
      },
    },
    async (request) => {
      await checkHuman(app.config.botCheck, request.body.captcha_token, request.ip);
      const email = normaliseEmail(request.body.email);
      const user = await findOrCreateUser(app.db, email, request.body.accept_terms === true);
      refuseInactive(user);
      const token = await createSignInLink(app.db, user.id);
      await app.mailer.send(signInMail(email, `${app.config.publicUrl}/login?token=${token}`));
      return { message: 'Email sent successfully!' };
    },
  );

  app.post(
    '/v1/auth',
    { schema: { body: authBody, response: withErrors({ 200: authResponse }, redeemCodes) } },
    async (request) => {
      const { user, accessToken } = await redeemSignInLink(app.db, request.body.token);
      // A fan who has not verified their address gets a code now: the app asks for it next.
      if (user.type === 'user' && !user.emailVerified)
        await sendVerificationCode(app, user).catch(() => undefined);
      return { token: accessToken, user: await userDto(app.db, user) };
    },
  );

  app.delete(
    '/v1/auth',
    { onRequest: requireUser, schema: { response: withErrors({ 204: z.null() }) } },
    async (request, reply) => {
      currentUser(request);
      if (request.accessToken) await revokeAccessToken(app.db, request.accessToken);
      return reply.code(204).send(null);
    },
  );
};
