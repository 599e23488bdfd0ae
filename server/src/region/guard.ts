import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/guards';
import { assertAvailableIn } from './availability';
import { requestCountry } from './country';

/** The region rule for a signed-in request about one creator (their profile, a chat, a message to them). */
export const assertRegionAllows = (app: FastifyInstance, request: FastifyRequest, creatorId: string) =>
  assertAvailableIn(app.db, currentUser(request), creatorId, requestCountry(app.config, request.headers));
