import { appendFileSync } from 'node:fs';
import { errorBody, errorCatalogue } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';

const codeIn = (payload: unknown): string =>
  typeof payload === 'string' ? (/"code":"(\w+)"/.exec(payload)?.[1] ?? 'no code') : 'no body';

/** What a response broke: its route answered a status it does not declare, or an error body off the catalogue. */
function problemOf(
  declared: Record<string, unknown>,
  status: number,
  contentType: string,
  payload: unknown,
): string | undefined {
  if (!(String(status) in declared))
    return `answered ${status} (${codeIn(payload)}), declares [${Object.keys(declared).join()}]`;
  if (status < 400 || !contentType.includes('json') || typeof payload !== 'string') return undefined;
  const body = errorBody.safeParse(JSON.parse(payload));
  if (!body.success) return `answered ${status} with a body that is not the error shape: ${payload}`;
  const code = body.data.code as keyof typeof errorCatalogue | undefined;
  if (!code || !(code in errorCatalogue)) return `answered ${status} with code ${code}, not in the catalogue`;
  if (errorCatalogue[code].status !== status)
    return `answered ${status} with code ${code} (a ${errorCatalogue[code].status})`;
  return undefined;
}

/**
 * Checks every API answer against its route's declared responses, so each test also proves
 * `/openapi.json` true. Returns the problems seen; the test app fails on close if there are any.
 */
export function policeDeclaredResponses(app: FastifyInstance): string[] {
  const problems: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const declared = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!url?.startsWith('/v1/') || !declared) return payload;
    const problem = problemOf(
      declared,
      reply.statusCode,
      String(reply.getHeader('content-type') ?? ''),
      payload,
    );
    if (problem) {
      const line = `${request.method} ${url} ${problem}`;
      problems.push(line);
      if (process.env.DECLARED_RESPONSES_LOG) appendFileSync(process.env.DECLARED_RESPONSES_LOG, `${line}\n`);
    }
    return payload;
  });
  return problems;
}
