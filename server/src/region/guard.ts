import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/guards';
import { assertAvailableIn, type CreatorRef } from './availability';
import { requestCountry } from './country';
import type { ErrorCode } from '@cove/contracts';

/** What the region rule answers: the creator is not available in the caller's country. */
export const regionCodes = ['region_blocked'] as const satisfies readonly ErrorCode[];

/**
 * The region rule for a signed-in request about one creator: their profile and chat, a message to
 * them, and whatever the fan pays them or reads of theirs (tips, paid messages, subscriptions, posts).
 */
export const assertRegionAllows = (app: FastifyInstance, request: FastifyRequest, creator: CreatorRef) =>
  assertAvailableIn(app.db, currentUser(request), creator, requestCountry(app.config, request.headers));
