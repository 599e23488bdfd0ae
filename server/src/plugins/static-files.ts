import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const YEAR = 'public, max-age=31536000, immutable';
const NEVER = 'no-cache';
/** Rspack names content-hashed files `name.<hash>.ext`. */
const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Only `registry.json` and files inside `<remote>/<version>/` are public; the audit log is not. */
const mfPublic = /^\/(registry\.json|[a-z][a-z0-9-]*\/[A-Za-z0-9._-]+\/.+)$/;
/** The builds write `<file>.br` and `<file>.gz` beside each text file; caching follows the file itself. */
const precompressed = /\.(br|gz)$/;
const servedFile = (path: string) => path.replace(precompressed, '');

/**
 * Sends a built file's precompressed copy (brotli, else gzip) when the request accepts it, the file
 * itself otherwise, with the file's own type and the copy's length. The same URL answers differently
 * by `Accept-Encoding`, so caches are told so on every answer.
 */
function compressedHeaders(cacheControl: (file: string) => string): FastifyStaticOptions {
  return {
    preCompressed: true,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControl(servedFile(path)));
      res.setHeader('vary', 'accept-encoding');
    },
  };
}

export interface StaticOptions {
  shellDir: string;
  mfDir: string;
  mediaDir: string;
}

/**
 * Serves the built shell's files and the remotes' versioned builds plus their registry under `/mf/`;
 * the shell page itself is `routes/shell-page.ts`'s.
 */
export const staticFiles = fp(
  async (app: FastifyInstance, opts: StaticOptions) => {
    mkdirSync(opts.mfDir, { recursive: true });
    mkdirSync(join(opts.mediaDir, 'public'), { recursive: true });
    await app.register(fastifyStatic, {
      root: opts.mfDir,
      prefix: '/mf/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      allowedPath: (pathName) => mfPublic.test(pathName) && !pathName.includes('..'),
      // A version folder never changes once published, so everything in it, its manifest too, is immutable.
      ...compressedHeaders((file) => (basename(file) === 'registry.json' ? NEVER : YEAR)),
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
      // Routes are made for the files themselves; their compressed copies are found beside them.
      globIgnore: ['**/*.br', '**/*.gz'],
      ...compressedHeaders((file) => (hashed.test(file) ? YEAR : NEVER)),
    });
  },
  { name: 'static-files' },
);
