import {
  auditQuery,
  auditResponse,
  reportStatus,
  resolveReportBody,
  staffAction,
  staffActionBody,
  staffActionResponse,
  staffPaymentAction,
  staffReason,
  staffPersonView,
  staffReportResponse,
  staffReportsResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireRole } from '../auth/guards';
import { staffActCodes } from '../staff/act';
import { auditLog } from '../staff/audit';
import { actOnPayment, staffPaymentCodes } from '../staff/payment-actions';
import { actOnPerson } from '../staff/person-actions';
import { personView } from '../staff/person-view';
import {
  assignReport,
  oneReport,
  reportQueue,
  reportQueueCodes,
  resolveReport,
} from '../staff/reports-queue';
import { withErrors } from './with-errors';

const idParams = z.object({ id: z.uuid() });

/**
 * The staff console (docs/rules.md, Reports and the staff console): the reports queue, one person,
 * actions on them, and the audit log. Staff and moderators only; what a moderator may do is checked
 * per action. No route here changes or removes an audit row.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, realtime: app.realtime };
  const staffOnly = { onRequest: requireRole('staff') };

  app.get(
    '/v1/admin/reports',
    {
      ...staffOnly,
      schema: {
        querystring: z.object({ status: z.optional(reportStatus) }),
        response: withErrors({ 200: staffReportsResponse }),
      },
    },
    async (request) => ({ reports: await reportQueue(app.db, request.query.status) }),
  );
  app.get(
    '/v1/admin/reports/:id',
    {
      ...staffOnly,
      schema: { params: idParams, response: withErrors({ 200: staffReportResponse }, reportQueueCodes) },
    },
    async (request) => ({ report: await oneReport(app.db, request.params.id) }),
  );
  app.post(
    '/v1/admin/reports/:id/assign',
    {
      ...staffOnly,
      schema: { params: idParams, response: withErrors({ 200: staffReportResponse }, reportQueueCodes) },
    },
    async (request) => ({ report: await assignReport(app.db, currentUser(request), request.params.id) }),
  );
  app.post(
    '/v1/admin/reports/:id/resolve',
    {
      ...staffOnly,
      schema: {
        params: idParams,
        body: resolveReportBody,
        response: withErrors({ 200: staffReportResponse }, [...reportQueueCodes, ...staffActCodes]),
      },
    },
    async (request) => ({
      report: await resolveReport(deps, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/v1/admin/users/:id',
    {
      ...staffOnly,
      schema: { params: idParams, response: withErrors({ 200: staffPersonView }, ['user_not_found']) },
    },
    async (request) => personView(app.db, request.params.id),
  );
  app.post(
    '/v1/admin/users/:id/actions/:action',
    {
      ...staffOnly,
      schema: {
        params: z.object({ id: z.uuid(), action: staffAction }),
        body: staffActionBody,
        response: withErrors({ 200: staffActionResponse }, staffActCodes),
      },
    },
    async (request) => ({
      message: await actOnPerson(
        deps,
        currentUser(request),
        request.params.id,
        request.params.action,
        request.body,
      ),
    }),
  );

  app.post(
    '/v1/admin/payments/:id/:action',
    {
      ...staffOnly,
      schema: {
        params: z.object({ id: z.uuid(), action: staffPaymentAction }),
        body: z.object({ reason: staffReason }),
        response: withErrors({ 200: staffActionResponse }, staffPaymentCodes),
      },
    },
    async (request) => ({
      message: await actOnPayment(
        app,
        currentUser(request),
        request.params.id,
        request.params.action,
        request.body.reason,
      ),
    }),
  );

  app.get(
    '/v1/admin/audit',
    { ...staffOnly, schema: { querystring: auditQuery, response: withErrors({ 200: auditResponse }) } },
    async (request) => auditLog(app.db, request.query),
  );
};
