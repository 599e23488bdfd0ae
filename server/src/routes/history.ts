import {
  historyExport,
  historyFilter,
  historyPage,
  historyQuery,
  historyReceiptResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { fail } from '../errors';
import { historyCsv } from '../history/history-csv';
import {
  historyCodes,
  historyPage as readPage,
  historyRange,
  type HistoryScope,
  receipt,
  receiptCodes,
} from '../history/read-history';
import { withErrors } from './with-errors';

/** The most rows one CSV export holds (docs/rules.md, Spending history). */
const EXPORT_MOST = 10_000;

/** The query that reads a scope again, for the next page's link. */
function scopeQuery(scope: HistoryScope): Record<string, string> {
  return {
    ...(scope.kinds && scope.kinds.length > 0 ? { kind: scope.kinds.join(',') } : {}),
    ...(scope.from ? { from: scope.from } : {}),
    ...(scope.to ? { to: scope.to } : {}),
  };
}

/** The fan's spending history, read from the ledger: pages, one receipt, the CSV export. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  app.get(
    '/v1/history',
    {
      ...guarded,
      schema: { querystring: historyQuery, response: withErrors({ 200: historyPage }, historyCodes) },
    },
    async (request) => {
      const { limit, before, kind, from, to } = request.query;
      const scope: HistoryScope = { kinds: kind, from, to };
      const page = await readPage(app.db, currentUser(request).id, scope, { limit, before });
      const last = page.rows.at(-1);
      const next =
        page.more && last
          ? `/v1/history?${new URLSearchParams({ limit: String(limit), before: String(last.seq), ...scopeQuery(scope) }).toString()}`
          : null;
      return { data: page.rows, next };
    },
  );

  app.get(
    '/v1/history/export',
    {
      ...guarded,
      schema: {
        querystring: historyFilter,
        response: withErrors({ 200: historyExport }, [...historyCodes, 'history_export_too_large']),
      },
    },
    async (request) => {
      const { kind, from, to } = request.query;
      const rows = await historyRange(
        app.db,
        currentUser(request).id,
        { kinds: kind, from, to },
        EXPORT_MOST,
      );
      if (!rows) throw fail('history_export_too_large', EXPORT_MOST);
      const range = `${from ?? 'start'}-to-${to ?? new Date().toISOString().slice(0, 10)}`;
      return { filename: `cove-history-${range}.csv`, csv: historyCsv(rows) };
    },
  );

  app.get(
    '/v1/history/:id',
    {
      ...guarded,
      schema: {
        params: z.object({ id: z.uuid() }),
        response: withErrors({ 200: historyReceiptResponse }, receiptCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { data: await receipt(app.db, { id: me.id, username: me.username }, request.params.id) };
    },
  );
};
