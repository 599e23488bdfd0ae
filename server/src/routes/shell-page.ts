import { existsSync } from 'node:fs';
import { join } from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import { canaryIdInCookies, publicPageUsername } from '@cove/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../errors';
import { publicPageAnswer } from '../public-page/page-answer';
import type { Described } from '../shell-page/page-html';
import { createShellPage } from '../shell-page/shell-page';

/** Paths the single-page app never owns: an unknown one there is a JSON 404, not the shell page. */
const serverPrefixes = ['/v1/', '/v2/', '/ws', '/mf/', '/media/', '/dev/', '/healthz', '/readyz'];
/** The page names one browser's versions: no shared cache may keep it, and each load asks again. */
const PAGE = 'private, no-cache';

export interface ShellPageRouteOptions {
  /** Where the built shell lives. */
  shellDir: string;
  /** The released remotes and their registry. */
  mfDir: string;
}

/**
 * Every client-side route (`/chats/...`, `/account/...`) answers with the shell page made for its path
 * and the browser's canary id (docs/frontend-platform.md, First screen), as brotli, gzip or plain. A
 * creator's public page (`/luna-rivers`) carries its title, preview tags and first screen, or answers a former
 * username with a 301 and nobody's page with a 404 (docs/rules.md, Public pages).
 */
export const shellPageRoutes: FastifyPluginAsync<ShellPageRouteOptions> = async (app, opts) => {
  if (!existsSync(join(opts.shellDir, 'index.html'))) return;
  const shellPage = createShellPage({
    shellDir: opts.shellDir,
    mfDir: opts.mfDir,
    onRegistryError: (err) => app.log.error({ err }, 'the shell page goes without the registry'),
  });
  app.get('/*', async (request, reply) => {
    if (serverPrefixes.some((p) => request.url.startsWith(p))) throw fail('not_found');
    const { pathname, search } = new URL(request.url, 'http://page');
    let described: Described | null = null;
    const username = publicPageUsername(pathname);
    if (username) {
      const answer = await publicPageAnswer(app, request, username, search);
      if (answer.kind === 'moved') return reply.redirect(answer.to, 301);
      if (answer.kind === 'missing') reply.code(answer.status);
      described = answer.kind === 'page' ? answer : { meta: answer.meta };
    }
    const copies = await shellPage(pathname, canaryIdInCookies(request.headers.cookie), described);
    const encoding =
      negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) ?? 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', PAGE)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(copies[encoding]);
  });
};
