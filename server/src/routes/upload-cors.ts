import type { FastifyInstance } from 'fastify';

/**
 * When uploads go to their own origin (UPLOAD_URL), the browser at PUBLIC_URL posts there cross-origin:
 * this answers its preflight and lets it read the answer. Only the public site's origin is allowed.
 */
export function allowUploadsFromPublicSite(app: FastifyInstance, path: string): void {
  const site = new URL(app.config.publicUrl).origin;
  const uploadUrl = app.config.media.uploadUrl;
  if (!uploadUrl || new URL(uploadUrl).origin === site) return;
  const allowed = (origin: unknown) => origin === site;
  app.options(path, (request, reply) => {
    if (!allowed(request.headers.origin)) return reply.code(403).send();
    return reply
      .code(204)
      .header('access-control-allow-origin', site)
      .header('access-control-allow-methods', 'POST')
      .header(
        'access-control-allow-headers',
        'access-token, web-type, content-type, x-requested-with, cache-control',
      )
      .header('access-control-max-age', '600')
      .header('vary', 'origin')
      .send();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url === path && allowed(request.headers.origin)) {
      void reply.header('access-control-allow-origin', site).header('vary', 'origin');
    }
  });
}
