import {
  addPasskeyBody,
  factorCodeBody,
  factorConfirmation,
  passkeyAdded,
  passkeyConfirmBody,
  passkeyOptions,
  recoveryCodesResponse,
  totpConfirmBody,
  securityStatus as securityStatusSchema,
  sessionsList,
  signedOutCount,
  totpEnrolment,
} from '@cove/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { fail } from '../errors';
import {
  confirmEnrolment,
  factorCodeCodes,
  regenerateRecoveryCodes,
  securityStatus,
  startEnrolment,
} from '../second-factor/factor';
import { assertionOptions, registrationOptions, relyingParty } from '../second-factor/passkey-ceremony';
import {
  addPasskey,
  confirmWithPasskey,
  type PasskeyContext,
  removePasskey,
} from '../second-factor/passkeys';
import {
  announceSessionsChange,
  listSessions,
  revokeOtherSessions,
  revokeSession,
} from '../second-factor/sessions';
import { withErrors } from './with-errors';

/** `/account/security`: the second factor, recovery codes, and the person's sessions (docs/rules.md, Second factor). */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  /** The signed-in person and their session (a full one: `requireUser` refuses a second-step token). */
  function caller(request: FastifyRequest) {
    const user = currentUser(request);
    const session = request.session;
    if (!session) throw fail('unauthorized');
    const ctx: PasskeyContext = {
      db: app.db,
      box: app.factorBox,
      sessionId: session.id,
      rp: relyingParty(app.config.publicUrl),
    };
    return { user, session, ctx };
  }

  /** Closes the signed-out sessions' sockets and tells the person's other pages. */
  const closeSockets = async (userId: string, sessionIds: string[]) => {
    await app.realtime.disconnectSessions(userId, sessionIds, 'signed_out');
    if (sessionIds.length > 0) await announceSessionsChange(app, userId);
  };

  app.get(
    '/v1/account/security',
    { ...guarded, schema: { response: withErrors({ 200: securityStatusSchema }) } },
    async (request) => {
      const { user, session } = caller(request);
      return securityStatus(app.db, user, session);
    },
  );

  app.post(
    '/v1/account/security/totp',
    { ...guarded, schema: { response: withErrors({ 200: totpEnrolment }, ['factor_already_on']) } },
    async (request) => {
      const { user, ctx } = caller(request);
      return startEnrolment(ctx, user);
    },
  );

  app.post(
    '/v1/account/security/totp/confirm',
    {
      ...guarded,
      schema: {
        body: totpConfirmBody,
        response: withErrors({ 200: recoveryCodesResponse }, [
          'factor_already_on',
          'factor_not_started',
          'factor_code_needed',
          ...factorCodeCodes,
        ]),
      },
    },
    async (request) => {
      const { user, ctx } = caller(request);
      const { body } = request;
      const { recoveryCodes, signedOut } = await confirmEnrolment(ctx, user, body.code, body.current);
      await closeSockets(user.id, signedOut);
      return { recovery_codes: recoveryCodes };
    },
  );

  app.post(
    '/v1/account/security/recovery-codes',
    {
      ...guarded,
      schema: { body: factorCodeBody, response: withErrors({ 200: recoveryCodesResponse }, factorCodeCodes) },
    },
    async (request) => {
      const { user, ctx } = caller(request);
      return { recovery_codes: await regenerateRecoveryCodes(ctx, user, request.body.code) };
    },
  );

  // Passkeys (docs/rules.md, Second factor): options for the browser, then its answer.
  app.post(
    '/v1/account/security/passkeys/options',
    { ...guarded, schema: { response: withErrors({ 200: passkeyOptions }) } },
    async (request) => {
      const { user, ctx } = caller(request);
      return registrationOptions(ctx, user);
    },
  );

  app.post(
    '/v1/account/security/passkeys',
    {
      ...guarded,
      schema: {
        body: addPasskeyBody,
        response: withErrors({ 200: passkeyAdded }, [
          'passkey_expired',
          'passkey_failed',
          'factor_code_needed',
          ...factorCodeCodes,
        ]),
      },
    },
    async (request) => {
      const { user, ctx } = caller(request);
      const { passkey, recoveryCodes, signedOut } = await addPasskey(ctx, user, request.body);
      await closeSockets(user.id, signedOut);
      return { passkey, recovery_codes: recoveryCodes };
    },
  );

  app.delete(
    '/v1/account/security/passkeys/:id',
    {
      ...guarded,
      schema: {
        params: z.object({ id: z.uuid() }),
        response: withErrors({ 204: z.null() }, ['not_found', 'last_factor']),
      },
    },
    async (request, reply) => {
      const { user, ctx } = caller(request);
      await removePasskey(ctx, user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Confirming with a passkey where a code is asked: an assertion becomes a single-use confirmation.
  app.post(
    '/v1/account/security/passkeys/confirm-options',
    { ...guarded, schema: { response: withErrors({ 200: passkeyOptions }, ['passkey_none']) } },
    async (request) => {
      const { user, ctx } = caller(request);
      return assertionOptions(ctx, user);
    },
  );

  app.post(
    '/v1/account/security/passkeys/confirm',
    {
      ...guarded,
      schema: {
        body: passkeyConfirmBody,
        response: withErrors({ 200: factorConfirmation }, [
          'passkey_expired',
          'passkey_failed',
          'factor_locked',
        ]),
      },
    },
    async (request) => {
      const { user, ctx } = caller(request);
      return { confirmation: await confirmWithPasskey(ctx, user, request.body.response) };
    },
  );

  app.get(
    '/v1/account/sessions',
    { ...guarded, schema: { response: withErrors({ 200: sessionsList }) } },
    async (request) => {
      const { user, session } = caller(request);
      return { data: await listSessions(app.db, user.id, session.id) };
    },
  );

  app.delete(
    '/v1/account/sessions/:id',
    {
      ...guarded,
      schema: { params: z.object({ id: z.uuid() }), response: withErrors({ 204: z.null() }, ['not_found']) },
    },
    async (request, reply) => {
      const { user } = caller(request);
      // Another person's session answers as a missing one: its id tells nothing.
      if (!(await revokeSession(app.db, user.id, request.params.id))) throw fail('not_found');
      await closeSockets(user.id, [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/account/sessions/sign-out-others',
    { ...guarded, schema: { response: withErrors({ 200: signedOutCount }) } },
    async (request) => {
      const { user, session } = caller(request);
      const signedOut = await revokeOtherSessions(app.db, user.id, session.id);
      await closeSockets(user.id, signedOut);
      return { signed_out: signedOut.length };
    },
  );
};
