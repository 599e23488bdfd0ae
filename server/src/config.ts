import { resolve } from 'node:path';
import * as z from './zod';
import type { S3Options } from './storage/s3-storage';

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v) => v === 'true' || v === '1'),
);

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 8080),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './.data'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\//, 'must be a redis:// URL'))),
  PUBLIC_URL: z.optional(z.url()),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Cove <no-reply@cove.localhost>'),
  MAILBOX: z.optional(bool),
  API_DOCS: z.optional(bool),
  ALLOW_DEV_REMOTES: z.optional(bool),
  BOT_CHECK: z._default(z.enum(['off', 'fake', 'turnstile']), 'off'),
  TURNSTILE_SITE_KEY: z.optional(z.string()),
  TURNSTILE_SECRET_KEY: z.optional(z.string()),
  GIF_HOSTS: z._default(z.string(), 'media.giphy.com,i.giphy.com,media.tenor.com'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  RATE_LIMIT_PER_MINUTE: z._default(z.coerce.number().check(z.int(), z.positive()), 600),
  PAYMENT_DECLINES_PER_HOUR: z._default(z.coerce.number().check(z.int(), z.positive()), 10),
  SIGN_IN_PER_10_MINUTES: z._default(z.coerce.number().check(z.int(), z.positive()), 30),
  SIGN_IN_PER_EMAIL_PER_10_MINUTES: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
  SEED_DEMO: z._default(bool, true),
  TRUST_PROXY: z._default(bool, false),
  COUNTRY_HEADER: z._default(
    z.string().check(z.regex(/^[A-Za-z0-9-]+$/, 'must be a header name')),
    'cf-ipcountry',
  ),
  UPLOAD_URL: z.optional(z.url()),
  MEDIA_URL_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  PAYMENT_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  RELEASE_HEALTH_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  SECOND_FACTOR_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  VAPID_PUBLIC_KEY: z.optional(z.string().check(z.minLength(1))),
  VAPID_PRIVATE_KEY: z.optional(z.string().check(z.minLength(1))),
  VAPID_SUBJECT: z.optional(
    z.string().check(z.regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')),
  ),
  EARNINGS_HOLD_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(90)), 7),
  PAYOUT_SETTLE_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(3_600_000)), 2000),
  MEDIA_URL_TTL_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(60), z.lte(86400)), 3600),
  MEDIA_WORKERS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(8)), 1),
  MEDIA_MAX_PHOTO_MB: z.optional(z.coerce.number().check(z.int(), z.positive())),
  MEDIA_MAX_VIDEO_MB: z.optional(z.coerce.number().check(z.int(), z.positive())),
  MEDIA_MAX_VIDEO_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive(), z.lte(86400)), 600),
  MEDIA_DECODE_MEGAPIXELS: z._default(z.coerce.number().check(z.int(), z.positive()), 100),
  MEDIA_UPLOAD_MIN_KIB_S: z._default(z.coerce.number().check(z.int(), z.gte(0)), 16),
  MEDIA_UPLOAD_RATE_WINDOW_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(3600)), 10),
  S3_BUCKET: z.optional(z.string().check(z.minLength(3))),
  S3_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  S3_ENDPOINT: z.optional(z.url()),
  S3_ACCESS_KEY_ID: z.optional(z.string()),
  S3_SECRET_ACCESS_KEY: z.optional(z.string()),
  S3_FORCE_PATH_STYLE: z.optional(bool),
  S3_PREFIX: z._default(
    z.string().check(z.regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be empty or end with /')),
    '',
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Where people reach Cove; links in emails point here. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Hosts a GIF message may point at (https only), besides Cove's own GIF library. */
  gifHosts: string[];
  mailFrom: string;
  /** Whether /dev/mailbox shows the local mailbox: on except in production, unless MAILBOX says so. */
  mailboxEnabled: boolean;
  /** Whether /openapi.json and /docs describe the API: on except in production, unless API_DOCS says so. */
  apiDocs: boolean;
  /** Whether a page may run a remote from a developer's dev server (`npm run dev -- <remote>`): on except in production, unless ALLOW_DEV_REMOTES says so. */
  devRemotes: boolean;
  botCheck: { mode: 'off' | 'fake' | 'turnstile'; siteKey?: string; secretKey?: string };
  logLevel: string;
  rateLimitPerMinute: number;
  /** Declined card payments an account may make in an hour before it must wait (stops card testing). */
  paymentDeclinesPerHour: number;
  /** Sign-in requests allowed per client address and per email address in 10 minutes. */
  signInPer10Minutes: { perAddress: number; perEmail: number };
  seedDemo: boolean;
  /** Signs the payment provider's webhooks; unset, a random secret is kept in DATA_DIR/payment-webhook-secret. */
  paymentWebhookSecret: string | undefined;
  /** Signs release health sessions; unset, a random secret is kept in DATA_DIR/release-health-secret. */
  releaseHealthSecret: string | undefined;
  /** Seals authenticator secrets at rest; unset, a random key is kept in DATA_DIR/second-factor-key. */
  secondFactorKey: string | undefined;
  trustProxy: boolean;
  /** The header a trusted proxy names the client's country in (lower case); read only with `trustProxy`. */
  countryHeader: string;
  media: MediaSettings;
  push: PushSettings;
  earnings: EarningsSettings;
}

export interface EarningsSettings {
  /** Days a sale's earnings stay pending before a payout may take them (docs/rules.md, Hold). */
  holdDays: number;
  /** How long the built-in sandbox payout provider takes to settle a payout. */
  payoutSettleMs: number;
}

export interface PushSettings {
  /** VAPID keys (base64url) shared by every instance; unset, a pair is made once in DATA_DIR/vapid.json. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Who push services may contact about this sender: a mailto: or https: URL. */
  vapidSubject: string;
}

export interface MediaSettings {
  /**
   * Origin that takes uploads (`POST /v1/media`) when UPLOAD_URL names one; unset, uploads go to the
   * origin the page was opened on, whatever name reached it.
   */
  uploadUrl: string | undefined;
  /** Signs media URLs; unset, a random secret is kept in DATA_DIR/media-url-secret. */
  urlSecret: string | undefined;
  urlTtlSeconds: number;
  /** Media jobs this instance runs at once in each lane, photos and videos (0: none; another instance processes). */
  workers: number;
  maxPhotoBytes: number;
  maxVideoBytes: number;
  /** Longer videos are not processed: they fail with the spec's processing error. */
  maxVideoSeconds: number;
  /** Megapixels of photos decoded at once in this process (uploads' checks and jobs); more wait their turn. */
  decodeMegapixels: number;
  /** An upload slower than `minBytesPerSecond` over the last `windowMs` is cut off (0: never). */
  uploadPace: { minBytesPerSecond: number; windowMs: number };
  /** Set when media lives in S3 (S3_BUCKET); unset keeps it under DATA_DIR/media/store. */
  s3: S3Options | undefined;
}

const MiB = 1024 * 1024;

function mediaSettings(e: z.infer<typeof envSchema>): MediaSettings {
  // The spec: production allows 499 MB for photos and videos; elsewhere 99 MB photos, 499 MB videos.
  const production = e.NODE_ENV === 'production';
  const keys =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    uploadUrl: e.UPLOAD_URL?.replace(/\/$/, ''),
    urlSecret: e.MEDIA_URL_SECRET,
    urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    workers: e.MEDIA_WORKERS,
    maxPhotoBytes: (e.MEDIA_MAX_PHOTO_MB ?? (production ? 499 : 99)) * MiB,
    maxVideoBytes: (e.MEDIA_MAX_VIDEO_MB ?? 499) * MiB,
    maxVideoSeconds: e.MEDIA_MAX_VIDEO_SECONDS,
    decodeMegapixels: e.MEDIA_DECODE_MEGAPIXELS,
    uploadPace: {
      minBytesPerSecond: e.MEDIA_UPLOAD_MIN_KIB_S * 1024,
      windowMs: e.MEDIA_UPLOAD_RATE_WINDOW_S * 1000,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          credentials: keys,
          prefix: e.S3_PREFIX,
        }
      : undefined,
  };
}

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad variable stops the server with its name and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (e.BOT_CHECK === 'turnstile' && !(e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid environment:\n  BOT_CHECK: turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY',
    );
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    gifHosts: e.GIF_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    mailFrom: e.MAIL_FROM,
    mailboxEnabled: e.MAILBOX ?? e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    devRemotes: e.ALLOW_DEV_REMOTES ?? e.NODE_ENV !== 'production',
    botCheck: { mode: e.BOT_CHECK, siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY },
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    paymentDeclinesPerHour: e.PAYMENT_DECLINES_PER_HOUR,
    signInPer10Minutes: {
      perAddress: e.SIGN_IN_PER_10_MINUTES,
      perEmail: e.SIGN_IN_PER_EMAIL_PER_10_MINUTES,
    },
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    media: mediaSettings(e),
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET,
    releaseHealthSecret: e.RELEASE_HEALTH_SECRET,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      // Unset: the address mail comes from (`Cove <no-reply@…>` gives `mailto:no-reply@…`).
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    },
    earnings: { holdDays: e.EARNINGS_HOLD_DAYS, payoutSettleMs: e.PAYOUT_SETTLE_MS },
  };
}
