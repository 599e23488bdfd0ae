import {
  adminApplicationsResponse,
  applicationDecisionResponse,
  applyBody,
  featureName,
  features,
  idDocumentResponse,
  idDocumentSide,
  idVerificationResponse,
  staffReason,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireRole, requireUser } from '../auth/guards';
import { applyCodes, applyToBecomeCreator } from '../onboarding/apply';
import { identityCheckCodes, idVerificationOf, startIdentityCheck } from '../onboarding/id-verification';
import {
  decideApplication,
  decideCodes,
  pendingApplications,
  setFeatureAsStaff,
  setFeatureCodes,
} from '../onboarding/staff';
import { idDocumentCodes, viewIdDocument } from '../onboarding/id-document-review';
import { withErrors } from './with-errors';

/**
 * Becoming a creator (docs/rules.md): the applicant's own calls, and staff's review of applications
 * and of a user's feature permissions. Staff routes answer 403 to everyone else.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, realtime: app.realtime };
  const staffOnly = requireRole('staff');

  app.post(
    '/v1/users/apply',
    {
      onRequest: requireUser,
      schema: {
        body: applyBody,
        response: withErrors({ 200: idVerificationResponse }, applyCodes),
      },
    },
    async (request) => applyToBecomeCreator(app.db, currentUser(request), request.body),
  );
  app.get(
    '/v1/users/id-verification',
    { onRequest: requireUser, schema: { response: withErrors({ 200: idVerificationResponse }) } },
    async (request) => idVerificationOf(app.db, currentUser(request)),
  );
  app.post(
    '/v1/users/id-verification',
    {
      onRequest: requireUser,
      schema: {
        response: withErrors({ 200: idVerificationResponse }, identityCheckCodes),
      },
    },
    async (request) => startIdentityCheck(app.db, currentUser(request)),
  );

  app.get(
    '/v1/admin/applications',
    {
      onRequest: staffOnly,
      schema: { response: withErrors({ 200: adminApplicationsResponse }) },
    },
    async () => ({ applications: await pendingApplications(app.db) }),
  );
  // The ID photo as a data URL: read with the staff session's header, never at a URL of its own.
  app.get(
    '/v1/admin/applications/:id/documents/:side',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ id: z.uuid(), side: idDocumentSide }),
        response: withErrors({ 200: idDocumentResponse }, idDocumentCodes),
      },
    },
    async (request, reply) => {
      const { id, side } = request.params;
      void reply.header('cache-control', 'no-store');
      return viewIdDocument({ db: app.db, storage: app.media.storage }, currentUser(request), id, side);
    },
  );
  app.post(
    '/v1/admin/applications/:id/:decision',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ id: z.uuid(), decision: z.enum(['approve', 'reject']) }),
        body: z.object({ reason: staffReason }),
        response: withErrors({ 200: applicationDecisionResponse }, decideCodes),
      },
    },
    async (request) => {
      const { id, decision } = request.params;
      await decideApplication(deps, currentUser(request), id, decision, request.body.reason);
      return { id, status: decision === 'approve' ? ('approved' as const) : ('rejected' as const) };
    },
  );
  app.put(
    '/v1/admin/users/:id/features/:name',
    {
      onRequest: staffOnly,
      schema: {
        params: z.object({ id: z.uuid(), name: featureName }),
        body: z.object({ enabled: z.boolean(), reason: staffReason }),
        response: withErrors({ 200: z.object({ features }) }, setFeatureCodes),
      },
    },
    async (request) => ({
      features: await setFeatureAsStaff(deps, currentUser(request), request.params.id, {
        name: request.params.name,
        ...request.body,
      }),
    }),
  );
};
