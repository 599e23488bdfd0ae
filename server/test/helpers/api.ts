import type { FastifyInstance } from 'fastify';

/** Requests as one signed-in person, with any `extra` headers; each answer is the raw inject response. */
export function as(app: FastifyInstance, token: string, extra: Record<string, string> = {}) {
  const headers = { 'access-token': token, ...extra };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, headers, payload }),
    patch: (url: string, payload?: object) =>
      app.inject({ method: 'PATCH', url, headers, ...(payload ? { payload } : {}) }),
    put: (url: string, payload?: object) =>
      app.inject({ method: 'PUT', url, headers, ...(payload ? { payload } : {}) }),
    delete: (url: string, payload?: object) =>
      app.inject({ method: 'DELETE', url, headers, ...(payload ? { payload } : {}) }),
  };
}
export type Client = ReturnType<typeof as>;
