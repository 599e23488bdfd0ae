import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors';

const YEAR = 'public, max-age=31536000, immutable';
const NEVER = 'no-cache';
/** Paths the single-page app never owns: an unknown one there is a JSON 404, not the shell page. */
const serverPrefixes = ['/v1/', '/v2/', '/ws', '/mf/', '/media/', '/dev/', '/healthz', '/readyz'];
/** Rspack names content-hashed files `name.<hash>.ext`. */
const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Only `registry.json` and files inside `<remote>/<version>/` are public; the audit log is not. */
const mfPublic = /^\/(registry\.json|[a-z][a-z0-9-]*\/[A-Za-z0-9._-]+\/.+)$/;

export interface StaticOptions {
  shellDir: string;
  mfDir: string;
  mediaDir: string;
}

/** Serves the built shell at `/` and the remotes' versioned builds plus their registry under `/mf/`. */
export const staticFiles = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  mkdirSync(opts.mfDir, { recursive: true });
  mkdirSync(join(opts.mediaDir, 'public'), { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.mfDir,
    prefix: '/mf/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => mfPublic.test(pathName) && !pathName.includes('..'),
    setHeaders: (res, path) => {
      res.setHeader('cache-control', basename(path) === 'registry.json' ? NEVER : YEAR);
    },
  });

  // Public images such as generated avatars; names are content-derived, so they never change in place.
  await app.register(fastifyStatic, {
    root: join(opts.mediaDir, 'public'),
    prefix: '/media/public/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => /^\/[A-Za-z0-9._-]+$/.test(pathName),
    setHeaders: (res) => {
      res.setHeader('cache-control', YEAR);
    },
  });

  const indexHtml = join(opts.shellDir, 'index.html');
  if (!existsSync(indexHtml)) return;
  await app.register(fastifyStatic, {
    root: opts.shellDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', hashed.test(path) ? YEAR : NEVER);
    },
  });
  // Client-side routes (/chats/..., /account/...) all answer with the shell page.
  app.get('/*', (request, reply) => {
    if (serverPrefixes.some((p) => request.url.startsWith(p))) throw notFound();
    return reply.header('cache-control', NEVER).sendFile('index.html', opts.shellDir);
  });
});
