import * as z from 'zod/mini';
import { subscribeOptions } from './subscription-offers';
import { feedItem } from './profiles';
import { usernameProblem } from './username-rules';

/**
 * A creator's public page (docs/rules.md, Public pages): `/{username}`, open to anyone signed in or
 * not, with link previews written into the page by the server.
 */

/**
 * First path segments that are never a username: every page of the shell, every remote's area and
 * every server prefix or file at the root. The one list the shell's router, the server's page route
 * and the username check all read; a new top-level route belongs here.
 */
export const reservedNames = [
  // Shell pages.
  'login',
  'mobile',
  'branch',
  '3ds-callback',
  'maintenance',
  'clear-token',
  'apply',
  'terms',
  'privacy',
  // Remote areas.
  'chats',
  'discover',
  'creators',
  'home',
  'account',
  'notifications',
  // Server prefixes and files.
  'v1',
  'v2',
  'ws',
  'mf',
  'media',
  'dev',
  'sandbox',
  'docs',
  'openapi.json',
  'healthz',
  'readyz',
  'robots.txt',
  'sitemap.xml',
  'service-worker.js',
  'manifest.webmanifest',
  'icons',
  'favicon.ico',
  // Names people would read as Cove's own.
  'admin',
  'api',
  'cove',
  'help',
  'settings',
  'signup',
  'sign-up',
  'support',
  'staff',
  'about',
  'public',
] as const;

const reserved = new Set<string>(reservedNames);

/** Whether `name` is a reserved first path segment (in any letter case). */
export const isReservedName = (name: string) => reserved.has(name.toLowerCase());

/**
 * The username a path is the public page of (`/luna-rivers`, `/Luna-Rivers/`), or null: one segment,
 * well formed and not reserved.
 */
export function publicPageUsername(pathname: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  const name = match?.[1];
  if (!name || isReservedName(name) || usernameProblem(name) !== null) return null;
  return name;
}

/** A creator's public page. */
export const publicPagePath = (username: string) => `/${encodeURIComponent(username)}`;

/** What a visitor at the public page wanted before signing in: done once they are back. */
export const publicPageIntent = z.enum(['subscribe', 'follow', 'message']);
export type PublicPageIntent = z.infer<typeof publicPageIntent>;

/**
 * `GET /v1/public/creators/{username}`: what anyone may see of a creator. Posts open to everyone and
 * free come whole; every other post is a teaser (its kind, price, what unlocks it and a paid post's
 * first line) with no media at all, not even a blurred preview.
 */
export const publicCreator = z.object({
  _id: z.string(),
  /** The current username (the page asked for may be an old one). */
  username: z.string(),
  avatar_url: z.nullable(z.string()),
  cover_url: z.nullable(z.string()),
  bio: z.string(),
  tags: z.array(z.string()),
  credit_rate: z.int(),
  subscription_price: z.int(),
  /** The ways to subscribe as a new fan would be offered them (bundles, a promotion for new fans). */
  subscribe_options: subscribeOptions,
  counts: z.object({ followers: z.int(), posts: z.int(), photos: z.int(), videos: z.int() }),
  posts: z.array(feedItem),
});
export type PublicCreator = z.infer<typeof publicCreator>;
export const publicCreatorEnvelope = z.object({ data: publicCreator });
