import type { FastifyInstance } from 'fastify';

/** Requests as one signed-in person; each answer is the raw inject response. */
export function as(app: FastifyInstance, token: string) {
  const headers = { 'access-token': token };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, headers, payload }),
    patch: (url: string, payload?: object) =>
      app.inject({ method: 'PATCH', url, headers, ...(payload ? { payload } : {}) }),
    delete: (url: string, payload?: object) =>
      app.inject({ method: 'DELETE', url, headers, ...(payload ? { payload } : {}) }),
  };
}
export type Client = ReturnType<typeof as>;
