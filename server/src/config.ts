import { resolve } from 'node:path';
import * as z from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cove <no-reply@cove.localhost>'),
  MAILBOX: bool.optional(),
  BOT_CHECK: z.enum(['off', 'fake', 'turnstile']).default('off'),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SIGN_IN_PER_10_MINUTES: z.coerce.number().int().positive().default(10),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
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
  mailFrom: string;
  /** Whether /dev/mailbox shows the local mailbox: on except in production, unless MAILBOX says so. */
  mailboxEnabled: boolean;
  botCheck: { mode: 'off' | 'fake' | 'turnstile'; siteKey?: string; secretKey?: string };
  logLevel: string;
  rateLimitPerMinute: number;
  signInPer10Minutes: number;
  seedDemo: boolean;
  trustProxy: boolean;
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
  if (e.BOT_CHECK === 'turnstile' && !(e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError('Invalid environment:\n  BOT_CHECK: turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailboxEnabled: e.MAILBOX ?? e.NODE_ENV !== 'production',
    botCheck: { mode: e.BOT_CHECK, siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY },
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signInPer10Minutes: e.SIGN_IN_PER_10_MINUTES,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
  };
}
