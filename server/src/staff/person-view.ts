import { formatMoney, type StaffPersonView } from '@cove/contracts';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { userRow } from '../chats/chat-store';
import type { Db } from '../db/client';
import { creatorApplications, payments, payouts, providerSettings, reports } from '../db/schema';
import { fail } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { reversalsAsked, whyNotReversible } from '../payments/admin-actions';
import { effectiveFeatures } from '../provider/provider-config';
import { discoverWarningOf } from '../discover/punishment';
import { staffReports } from './reports-queue';

/** The newest payments the person view lists, each with its refund and chargeback buttons. */
const RECENT_PAYMENTS = 20;

/**
 * `GET /v1/admin/users/:id`: one person as staff see them. Message text appears only as evidence a
 * report attached, never from their chats directly.
 */
export async function personView(db: Db, id: string): Promise<StaffPersonView> {
  const user = await userRow(db, id);
  if (!user) throw fail('user_not_found');
  const [[settings], balance, [paid], [paidOut], about, by, applications, recent] = await Promise.all([
    db.select().from(providerSettings),
    creditsOf(db, user.id),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${payments.credits}), 0)::bigint`,
      })
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, 'succeeded'))),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${payouts.amount}), 0)::bigint`,
      })
      .from(payouts)
      .where(and(eq(payouts.creatorId, user.id), eq(payouts.status, 'completed'))),
    staffReports(db, eq(reports.reportedId, user.id), true),
    staffReports(db, eq(reports.reporterId, user.id), true),
    db
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.userId, user.id))
      .orderBy(asc(creatorApplications.createdAt)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), ne(payments.status, 'pending')))
      .orderBy(desc(payments.createdAt))
      .limit(RECENT_PAYMENTS),
  ]);
  const asked = await reversalsAsked(
    db,
    recent.map((p) => p.id),
  );
  return {
    person: {
      id: user.id,
      email: user.email,
      username: user.username,
      type: user.type,
      is_staff: user.isStaff,
      is_staff_mo: user.isStaffMo,
      frozen: user.frozen,
      banned: user.bannedAt !== null,
      terminated: user.terminatedAt !== null,
      created_at: user.createdAt.toISOString(),
      balance: formatMoney(balance),
      discover_warning: discoverWarningOf(user),
    },
    features: effectiveFeatures(settings?.defaultFeatures ?? {}, user.features),
    payments: {
      count: paid?.count ?? 0,
      total: formatMoney(Number(paid?.total ?? 0)),
      recent: recent.map((p) => ({
        id: p.id,
        method: p.method,
        amount: formatMoney(p.amount),
        credits: p.credits,
        status: p.status,
        card: p.cardLast4 ? `${p.cardBrand ?? 'card'} ····${p.cardLast4}` : null,
        reversal_asked: asked.has(p.id),
        reversible: whyNotReversible(p, asked.has(p.id)) === null,
        created_at: p.createdAt.toISOString(),
      })),
    },
    payouts: { count: paidOut?.count ?? 0, total: formatMoney(Number(paidOut?.total ?? 0)) },
    reports_about: about,
    reports_by: by,
    applications: applications.map((a) => ({
      id: a.id,
      status: a.status,
      country: a.country,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
