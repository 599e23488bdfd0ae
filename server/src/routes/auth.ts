import {
  authBody,
  authResponse,
  linkResponse,
  messageResponse,
  passkeyOptions,
  secondStepBody,
  secondStepTokenBody,
  signInBody,
} from '@cove/contracts';
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
import { revokeAccessToken, sessionForToken } from '../auth/tokens';
import { signInMail } from '../mail/templates';
import { userDto } from '../users/load-user';
import { withErrors } from './with-errors';
import { fail } from '../errors';
import { factorCodeCodes, finishSecondStep } from '../second-factor/factor';
import { announceSessionsChange } from '../second-factor/sessions';
import { assertionOptions, relyingParty } from '../second-factor/passkey-ceremony';

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
    { schema: { body: authBody, response: withErrors({ 200: linkResponse }, redeemCodes) } },
    async (request) => {
      const { user, accessToken, secondStep } = await redeemSignInLink(
        app.db,
        request.body.token,
        request.headers['user-agent'],
      );
      // Nothing about the account goes to a holder of the link alone (docs/rules.md, Second factor).
      if (secondStep) return { second_step_token: accessToken, second_step: true as const };
      await announceSessionsChange(app, user.id);
      // A fan who has not verified their address gets a code now: the app asks for it next.
      if (user.type === 'user' && !user.emailVerified)
        await sendVerificationCode(app, user).catch(() => undefined);
      return { token: accessToken, user: await userDto(app.db, user) };
    },
  );

  /** The limited token's session, or 401: a full session or an unknown token is no second step. */
  async function secondStepSession(token: string) {
    const session = await sessionForToken(app.db, token);
    if (!session?.secondStep) throw fail('unauthorized');
    return session;
  }

  // A challenge for the second step's "Use a passkey", bound to the limited token's session.
  app.post(
    '/v1/auth/second-step/passkey-options',
    {
      schema: {
        body: secondStepTokenBody,
        response: withErrors({ 200: passkeyOptions }, ['unauthorized', 'passkey_none']),
      },
    },
    async (request) => {
      const session = await secondStepSession(request.body.second_step_token);
      const ctx = { db: app.db, rp: relyingParty(app.config.publicUrl), sessionId: session.tokenId };
      return assertionOptions(ctx, session.user);
    },
  );

  // The second step of a sign-in, with the limited token `POST /v1/auth` gave; nothing else takes it.
  app.post(
    '/v1/auth/second-step',
    {
      schema: {
        body: secondStepBody,
        response: withErrors({ 200: authResponse }, [
          'unauthorized',
          'passkey_expired',
          'passkey_failed',
          ...factorCodeCodes,
        ]),
      },
    },
    async (request) => {
      const { body } = request;
      const session = await secondStepSession(body.second_step_token);
      const { user } = session;
      const token = await finishSecondStep(
        { db: app.db, box: app.factorBox, sessionId: session.tokenId },
        user,
        'code' in body
          ? { code: body.code }
          : { passkey: body.passkey, rp: relyingParty(app.config.publicUrl) },
        request.headers['user-agent'],
      );
      await announceSessionsChange(app, user.id);
      // As after a link without a factor: an unverified fan is mailed a code, which the app asks for next.
      if (user.type === 'user' && !user.emailVerified)
        await sendVerificationCode(app, user).catch(() => undefined);
      return { token, user: await userDto(app.db, user) };
    },
  );

  app.delete(
    '/v1/auth',
    { onRequest: requireUser, schema: { response: withErrors({ 204: z.null() }) } },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.accessToken) await revokeAccessToken(app.db, request.accessToken);
      await announceSessionsChange(app, user.id);
      return reply.code(204).send(null);
    },
  );
};
