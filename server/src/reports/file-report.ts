import {
  type ErrorCode,
  REPORT_EVIDENCE_MESSAGES,
  type ReportBody,
  type ReportCategory,
  type ReportEvidence,
  reportCategory,
} from '@cove/contracts';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { chatBetween, chatForMember, chatNotFound } from '../chats/chat-store';
import { otherUser } from '../chats/open-chat';
import { feedPosts, messages, reports, type UserRow, users } from '../db/schema';
import type { Tx } from '../db/transaction';
import { fail, tooManyRequests, waitText } from '../errors';
import { type EventDeps, withEvents } from '../realtime/with-events';

/** What reporting someone may be refused with. */
export const reportCodes = [
  'user_not_found',
  'own_report',
  'not_found',
  'post_not_found_for_report',
  'reports_limited',
] as const satisfies readonly ErrorCode[];

/** Reports one person may send in an hour (docs/rules.md, Reports and the staff console). */
export const REPORTS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** A reason from the list, or the free text older clients send: a report for "other" with it as the note. */
function categoryAndNote(body: ReportBody): { category: ReportCategory; note: string } {
  const known = reportCategory.safeParse(body.reason);
  if (known.success) return { category: known.data, note: body.note ?? '' };
  return { category: 'other', note: [body.reason, body.note].filter(Boolean).join('\n') };
}

/** The reported person's latest messages in the chat, copied so a later delete does not erase them. */
async function messageEvidence(tx: Tx, chatId: string, senderId: string): Promise<ReportEvidence[]> {
  const rows = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.senderId, senderId), eq(messages.system, false)))
    .orderBy(desc(messages.id))
    .limit(REPORT_EVIDENCE_MESSAGES);
  return rows.reverse().map((m) => ({
    kind: 'message',
    id: String(m.id),
    type: m.type,
    text: m.text,
    created_at: m.createdAt.toISOString(),
  }));
}

async function postEvidence(tx: Tx, postId: string, creatorId: string): Promise<ReportEvidence[]> {
  const [post] = await tx
    .select()
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), eq(feedPosts.creatorId, creatorId), isNull(feedPosts.deletedAt)));
  if (!post) throw fail('post_not_found_for_report');
  return [
    { kind: 'post', id: post.id, type: post.type, text: post.text, created_at: post.createdAt.toISOString() },
  ];
}

/** The chat a report names: the reporter's own chat with the reported person, or 404. */
async function reportedChat(tx: Tx, chatId: string, me: UserRow, other: UserRow) {
  const { chat, other: member } = await chatForMember(tx, chatId, me.id);
  if (member.userId !== other.id) throw chatNotFound();
  return chat;
}

/** Refuses an 11th report within the hour, saying when the next one may be sent. */
async function checkRate(tx: Tx, reporterId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = await tx
    .select({ at: reports.updatedAt })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.updatedAt, since)))
    .orderBy(reports.updatedAt);
  if (recent.length < REPORTS_PER_HOUR) return;
  const oldest = recent[recent.length - REPORTS_PER_HOUR]?.at ?? now;
  const seconds = (oldest.getTime() + HOUR_MS - now.getTime()) / 1000;
  throw tooManyRequests(seconds, 'reports_limited', waitText(seconds));
}

/**
 * `POST /v1/users/:id/report`: files a report for staff with its reason, note and evidence. A person
 * with an open report on the same person updates it instead of adding another. Staff hear of it live.
 */
export async function report(
  deps: EventDeps,
  me: UserRow,
  otherId: string,
  body: ReportBody,
): Promise<string> {
  const other = await otherUser(deps.db, otherId);
  if (other.id === me.id) throw fail('own_report');
  const { category, note } = categoryAndNote(body);
  return withEvents(deps, async (tx, emit) => {
    // One reporter's reports are filed one at a time, so the hourly count cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('report:' || ${me.id}))`);
    const now = new Date();
    await checkRate(tx, me.id, now);
    let chatId: string | null = null;
    let evidence: ReportEvidence[] = [];
    if (body.post_id) {
      evidence = await postEvidence(tx, body.post_id, other.id);
    } else {
      const chat = body.chat_id
        ? await reportedChat(tx, body.chat_id, me, other)
        : await chatBetween(tx, me.id, other.id);
      if (chat) {
        chatId = chat.id;
        evidence = await messageEvidence(tx, chat.id, other.id);
      }
    }
    const values = { category, reason: note, chatId, postId: body.post_id ?? null, evidence, updatedAt: now };
    const [row] = await tx
      .insert(reports)
      .values({ reporterId: me.id, reportedId: other.id, ...values })
      .onConflictDoUpdate({
        target: [reports.reporterId, reports.reportedId],
        targetWhere: ne(reports.status, 'resolved'),
        set: values,
      })
      .returning({ id: reports.id });
    if (!row) throw new Error('the report was not written');
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(or(eq(users.isStaff, true), eq(users.isStaffMo, true)), isNull(users.bannedAt)));
    for (const s of staff) emit(s.id, { type: 'report_filed', report_id: row.id });
    return row.id;
  });
}
