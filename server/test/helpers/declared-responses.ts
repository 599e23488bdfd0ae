import { errorBody, errorCatalogue } from '@cove/contracts';
import type { FastifyInstance } from 'fastify';

const codeIn = (payload: unknown): string =>
  typeof payload === 'string' ? (/"code":"(\w+)"/.exec(payload)?.[1] ?? 'no code') : 'no body';

/** An API error's body must be the error shape, with a catalogue code of this very status. */
function bodyProblem(status: number, payload: string): string | undefined {
  const body = errorBody.safeParse(JSON.parse(payload));
  if (!body.success) return `answered ${status} with a body that is not the error shape: ${payload}`;
  const code = body.data.code as keyof typeof errorCatalogue | undefined;
  if (!code || !(code in errorCatalogue)) return `answered ${status} with code ${code}, not in the catalogue`;
  if (errorCatalogue[code].status !== status)
    return `answered ${status} with code ${code} (a ${errorCatalogue[code].status})`;
  return undefined;
}

/**
 * Checks every answer of a described route against its declared responses (and an API route's
 * errors against the catalogue), so each test also proves `/openapi.json` true. Returns the problems
 * seen; the test app fails on close if there are any.
 */
export function policeDeclaredResponses(app: FastifyInstance): string[] {
  const problems: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const declared = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!url || !declared) return payload;
    const status = reply.statusCode;
    const json = String(reply.getHeader('content-type') ?? '').includes('json');
    const problem = !(String(status) in declared)
      ? `answered ${status} (${codeIn(payload)}), declares [${Object.keys(declared).join()}]`
      : status >= 400 && /^\/v\d+\//.test(url) && json && typeof payload === 'string'
        ? bodyProblem(status, payload)
        : undefined;
    if (problem) problems.push(`${request.method} ${url} ${problem}`);
    return payload;
  });
  return problems;
}
