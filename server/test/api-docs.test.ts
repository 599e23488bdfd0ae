import type { FastifyInstance, RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app';

const mockRoutes: RouteOptions[] = [];
// Every route the app registers, seen by an onRoute hook added before any plugin runs.
jest.mock('fastify', () => {
  const actual = jest.requireActual<{ default: (...args: unknown[]) => FastifyInstance }>('fastify');
  const withHook = (...args: unknown[]) => {
    const app = actual.default(...args);
    app.addHook('onRoute', (route) => void mockRoutes.push(route));
    return app;
  };
  return { ...actual, __esModule: true, default: withHook };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Schema {
  content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
}

/** `/v1/users/:id/block` as OpenAPI writes it: `/v1/users/{id}/block`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('API docs', () => {
  it('describes every API route with its success and error statuses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const api = mockRoutes.filter((r) => r.url.startsWith('/v1/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of api) {
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        const documented = Object.keys(
          doc.paths[openApiPath(route.url)]?.[method.toLowerCase()]?.responses ?? {},
        );
        const declared = Object.keys((route.schema?.response as object | undefined) ?? {});
        if (!declared.some((s) => Number(s) < 300)) problems.push(`${name}: no success schema`);
        if (!declared.some((s) => Number(s) >= 400)) problems.push(`${name}: no error responses`);
        if (documented.sort().join() !== declared.sort().join())
          problems.push(`${name}: documents [${documented.join()}], declares [${declared.join()}]`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists what the plugins and guards answer on every route, and what each service refuses with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { responses: Record<string, Schema> }>> }>();
    const statuses = (method: string, path: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    // Every API route: a refused request, the rate limit and a masked failure; a body can be too large.
    for (const [path, methods] of Object.entries(doc.paths).filter(([path]) => path.startsWith('/v1/')))
      for (const method of Object.keys(methods))
        expect([method, path, statuses(method, path)]).toEqual([
          method,
          path,
          expect.arrayContaining(['400', '429', '500', ...(method === 'get' ? [] : ['413', '415'])]),
        ]);
    // Signed-in routes declare 401 through their guard; the sign-in route itself does not.
    expect(statuses('get', '/v1/users/me')).toContain('401');
    expect(statuses('post', '/v1/auth')).not.toContain('401');
    // Each of a send's refusals, from the service's declaration and the region rule.
    expect(statuses('post', '/v1/messages')).toEqual(
      expect.arrayContaining(['402', '403', '404', '409', '410', '422', '423', '451']),
    );
    expect(statuses('patch', '/v1/messages/{id}/buy')).toEqual(expect.arrayContaining(['402', '409']));
    // Every API error status answers with the error body.
    const errorSchemas = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([, methods]) => Object.values(methods))
      .flatMap(({ responses }) => Object.entries(responses).filter(([status]) => Number(status) >= 400))
      .map(([, response]) => Object.keys(response.content?.['application/json']?.schema?.properties ?? {}));
    expect(new Set(errorSchemas.map((keys) => keys.sort().join()))).toEqual(new Set(['code,errors,message']));
  });

  it('serves a browsable page at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
  });
});
