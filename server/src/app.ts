import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type ErrorBody, errorCatalogue, errorText } from '@cove/contracts';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatPartners } from './chats/presence-watchers';
import { typingRelay } from './chats/typing';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail';
import { mediaPlugin } from './media';
import { payments } from './payments/plugin';
import { push } from './push/plugin';
import { sandboxRoutes } from './routes/payments-sandbox';
import { shellDist } from './paths';
import { apiDocs } from './plugins/api-docs';
import { auth } from './auth/plugin';
import { jobs } from './plugins/jobs';
import { mailer } from './mail/plugin';
import { realtime } from './plugins/realtime';
import { requestText } from './plugins/request-text';
import { errorHandler } from './plugins/error-handler';
import { security } from './plugins/security';
import { staticFiles } from './plugins/static-files';
import type { RealtimeSettings } from './realtime/settings';
import { socketRoute } from './routes/socket';
import { broadcastRoutes } from './routes/broadcasts';
import { declaredErrors } from './routes/declared-errors';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { chatRoutes } from './routes/chats';
import { clientErrorRoutes } from './routes/client-errors';
import { releaseHealthRoutes } from './routes/release-health';
import { releaseRoutes, type ReleaseRoutesOptions } from './routes/releases';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { devRemotesRoutes } from './routes/dev-remotes';
import { shellPageRoutes } from './routes/shell-page';
import { discoverRoutes } from './routes/discover';
import { feedRoutes } from './routes/feed';
import { feedEngagementRoutes } from './routes/feed-engagement';
import { gifRoutes } from './routes/gifs';
import { healthRoutes } from './routes/health';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { supportRoutes } from './routes/support';
import { noteRoutes } from './routes/notes';
import { notificationRoutes } from './routes/notifications';
import { fanRoutes } from './routes/fans';
import { paymentRoutes } from './routes/payments';
import { historyRoutes } from './routes/history';
import { publicPageRoutes } from './routes/public-pages';
import { profileRoutes } from './routes/profiles';
import { pushRoutes } from './routes/push';
import { providerConfigRoutes } from './routes/provider-config';
import { regionRoutes } from './routes/region';
import { subscriptionRoutes } from './routes/subscriptions';
import { subscriptionOfferRoutes } from './routes/subscription-offers';
import { userRoutes } from './routes/users';
import { subscriptionRenewals } from './subscriptions/plugin';
import { accountDeletions } from './accounts/deletion-plugin';
import { discoverActivity } from './discover/plugin';
import { idDocumentRetention } from './onboarding/id-document-sweep';
import { broadcastWriter } from './broadcasts/plugin';
import { feedFanoutWriter } from './feed/plugin';
import { earnings } from './earnings/plugin';
import { earningsRoutes } from './routes/earnings';
import { autoMessageSender } from './auto-messages/plugin';
import { autoMessageRoutes } from './routes/auto-messages';
import { onboardingRoutes } from './routes/onboarding';
import { staffRoutes } from './routes/staff';
import { identitySandboxRoutes } from './routes/identity-sandbox';
import { securityRoutes } from './routes/security';
import { factorBoxFor, type SecretBox } from './second-factor/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Random per process; the admin CLI reads it from DATA_DIR/server.json. */
    adminSecret: string;
    /** Seals authenticator-app secrets at rest (second-factor/secret-box.ts). */
    factorBox: SecretBox;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where the built shell lives; defaults to the workspace's `shell/dist`. */
  shellDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured mailer (tests capture mail this way). */
  mailer?: Mailer;
  /** Realtime timings and limits other than the defaults (tests shorten them). */
  realtime?: Partial<RealtimeSettings>;
  /** The release page's workspace and smoke test other than the defaults (tests give small ones). */
  releases?: ReleaseRoutesOptions;
}

/** Builds the whole app without listening: external plugins, then the app's own, then one module per resource. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Plugins start pg-boss, queues and media workers; on a loaded machine that has taken over the
    // default 10 s. A plugin that truly hangs still fails the start, with its name.
    pluginTimeout: 60_000,
    // The router's own refusals (a path whose bytes are not UTF-8) answer in the API's shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 'bad_path' : 'internal_error';
      // No route matched, so no route's reply types apply: this is a plain reply.
      void (reply as FastifyReply)
        .code(errorCatalogue[code].status)
        .send({ message: errorText(code), code } satisfies ErrorBody);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('adminSecret', randomBytes(32).toString('base64url'));
  app.decorate('factorBox', factorBoxFor(config));

  await app.register(errorHandler);
  await app.register(requestText);
  await app.register(security, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    connectSrc: config.media.uploadUrl ? [new URL(config.media.uploadUrl).origin] : [],
    turnstile: config.botCheck.mode === 'turnstile',
    devRemotes: config.devRemotes,
  });
  if (config.apiDocs) await app.register(apiDocs);
  await app.register(auth);
  const shellDir = opts.shellDir ?? shellDist;
  const mfDir = join(config.dataDir, 'mf');
  await app.register(staticFiles, { shellDir, mediaDir: join(config.dataDir, 'media'), mfDir });
  await app.register(mailer, { mailer: opts.mailer });
  await app.register(realtime, { settings: opts.realtime, domain: { watchers: chatPartners, typingRelay } });
  await app.register(jobs);
  await app.register(mediaPlugin);
  await app.register(payments);
  await app.register(subscriptionRenewals);
  await app.register(accountDeletions);
  await app.register(discoverActivity);
  await app.register(idDocumentRetention);
  await app.register(broadcastWriter);
  await app.register(feedFanoutWriter);
  await app.register(autoMessageSender);
  await app.register(earnings);
  await app.register(push);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(declaredErrors);
  await app.register(socketRoute);

  await app.register(healthRoutes);
  await app.register(providerConfigRoutes);
  await app.register(userRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(securityRoutes);
  await app.register(regionRoutes);
  await app.register(discoverRoutes);
  await app.register(profileRoutes);
  await app.register(publicPageRoutes);
  await app.register(feedRoutes);
  await app.register(feedEngagementRoutes);
  await app.register(chatRoutes);
  await app.register(messageRoutes);
  await app.register(supportRoutes);
  await app.register(noteRoutes);
  await app.register(fanRoutes);
  await app.register(gifRoutes);
  await app.register(mediaRoutes);
  await app.register(paymentRoutes);
  await app.register(historyRoutes);
  await app.register(notificationRoutes);
  await app.register(subscriptionRoutes);
  await app.register(subscriptionOfferRoutes);
  await app.register(pushRoutes);
  await app.register(broadcastRoutes);
  await app.register(autoMessageRoutes);
  await app.register(earningsRoutes);
  await app.register(onboardingRoutes);
  await app.register(staffRoutes);
  await app.register(sandboxRoutes);
  await app.register(identitySandboxRoutes);
  await app.register(clientErrorRoutes);
  await app.register(releaseHealthRoutes);
  await app.register(releaseRoutes, opts.releases ?? {});
  await app.register(devMailboxRoutes);
  await app.register(devRemotesRoutes);
  await app.register(shellPageRoutes, { shellDir, mfDir });
  await app.register(adminRoutes);
  return app;
}
