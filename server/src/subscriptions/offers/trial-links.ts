import { randomBytes } from 'node:crypto';
import { publicPagePath, type TrialLink, type TrialLinkBody, type TrialLinkOffer } from '@cove/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptionTrialLinks, type TrialLinkRow, type UserRow, users } from '../../db/schema';
import { fail } from '../../errors';
import { isUuid } from '../../ids';

/** Links a creator may have at once that still work (active): enough for every campaign, bounded. */
export const LIVE_TRIAL_LINKS_MAX = 50;

/** Where a link stands: revoked and expired before used up, so the creator reads why it stopped. */
export function trialLinkStatus(link: TrialLinkRow, now: Date): TrialLink['status'] {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt <= now) return 'expired';
  return link.used >= link.maxUses ? 'used_up' : 'active';
}

/** The refusal a link that cannot be redeemed answers with. */
export function trialLinkRefusal(status: Exclude<TrialLink['status'], 'active'>) {
  if (status === 'revoked') return fail('trial_link_revoked');
  if (status === 'expired') return fail('trial_link_expired');
  return fail('trial_link_used_up');
}

/** The URL path a link opens: the creator's public page, which offers the trial from `?trial=`. */
const linkPath = (username: string | null, code: string) =>
  `${username ? publicPagePath(username) : '/'}?trial=${encodeURIComponent(code)}`;

export function toTrialLinkDto(link: TrialLinkRow, username: string | null, now: Date): TrialLink {
  return {
    _id: link.id,
    code: link.code,
    path: linkPath(username, link.code),
    trial_days: link.trialDays,
    max_uses: link.maxUses,
    used: link.used,
    expires_at: link.expiresAt.toISOString(),
    status: trialLinkStatus(link, now),
    created_at: link.createdAt.toISOString(),
  };
}

/** The creator's links, newest first. */
export const trialLinksOf = (db: Db, creatorId: string) =>
  db
    .select()
    .from(subscriptionTrialLinks)
    .where(eq(subscriptionTrialLinks.creatorId, creatorId))
    .orderBy(desc(subscriptionTrialLinks.createdAt))
    .limit(200);

/**
 * `POST /v1/subscription-offers/trial-links`: a new link with an unguessable code (72 random bits). It
 * must expire in the future, within a year; the creator must take subscribers (a trial renews at the
 * monthly price).
 */
export async function createTrialLink(db: Db, me: UserRow, body: TrialLinkBody): Promise<TrialLink> {
  const now = new Date();
  const expiresAt = new Date(body.expires_at);
  if (expiresAt <= now) throw fail('validation', 'expires_at: the link must expire in the future.');
  if (expiresAt.getTime() - now.getTime() > 366 * 24 * 60 * 60 * 1000)
    throw fail('validation', 'expires_at: a link may last at most a year.');
  if (me.subscriptionPrice === 0) throw fail('offers_need_price');
  const live = (await trialLinksOf(db, me.id)).filter((l) => trialLinkStatus(l, now) === 'active');
  if (live.length >= LIVE_TRIAL_LINKS_MAX)
    throw fail('validation', `You can have at most ${LIVE_TRIAL_LINKS_MAX} working trial links.`);
  const [link] = await db
    .insert(subscriptionTrialLinks)
    .values({
      creatorId: me.id,
      code: randomBytes(9).toString('base64url'),
      trialDays: body.trial_days,
      maxUses: body.max_uses,
      expiresAt,
    })
    .returning();
  if (!link) throw new Error('trial link insert returned nothing');
  return toTrialLinkDto(link, me.username, now);
}

/** `DELETE /v1/subscription-offers/trial-links/{id}`: the creator's own link stops working; 404 for another's. */
export async function revokeTrialLink(db: Db, me: UserRow, id: string): Promise<TrialLink> {
  if (!isUuid(id)) throw fail('trial_link_not_found');
  const now = new Date();
  await db
    .update(subscriptionTrialLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(subscriptionTrialLinks.id, id),
        eq(subscriptionTrialLinks.creatorId, me.id),
        isNull(subscriptionTrialLinks.revokedAt),
      ),
    );
  const [link] = await db
    .select()
    .from(subscriptionTrialLinks)
    .where(and(eq(subscriptionTrialLinks.id, id), eq(subscriptionTrialLinks.creatorId, me.id)));
  if (!link) throw fail('trial_link_not_found');
  return toTrialLinkDto(link, me.username, now);
}

/** `GET /v1/trial-links/{code}`: what a link gives, for anyone holding it (signed in or not). */
export async function trialLinkOffer(db: Db, code: string): Promise<TrialLinkOffer> {
  const [found] = await db
    .select({ link: subscriptionTrialLinks, username: users.username, price: users.subscriptionPrice })
    .from(subscriptionTrialLinks)
    .innerJoin(users, eq(users.id, subscriptionTrialLinks.creatorId))
    .where(and(eq(subscriptionTrialLinks.code, code), isNull(users.deletedAt)));
  if (!found) throw fail('trial_link_not_found');
  return {
    code,
    trial_days: found.link.trialDays,
    price: found.price,
    creator: { _id: found.link.creatorId, username: found.username },
    status: trialLinkStatus(found.link, new Date()),
  };
}
