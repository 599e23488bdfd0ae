import type { ErrorCode, VaultItem } from '@cove/contracts';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMembers, media } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { describeMedia } from './descriptor';
import type { UrlSigner } from './url-signer';
import { vaultEarnings } from './vault-earnings';

/** What reading the vault may be refused with: a cursor it did not give, a chat the owner is not in. */
export const vaultCodes = ['validation', 'not_found'] as const satisfies readonly ErrorCode[];

export interface VaultQuery {
  limit: number;
  offset?: number | undefined;
  next?: string | undefined;
  chat_id?: string | undefined;
}

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime()))
    throw fail('validation', 'query.next: is not a cursor from this list');
  return { createdAt, id };
}

/**
 * The owner's vault, newest first: every live upload (processing or ready), never failed or deleted
 * ones, each with what it earned. With `chat_id`, only media the owner has sent in that chat (the caller must be in it).
 * Pages by cursor (`next`); `offset` is accepted for the spec's client.
 */
export async function vaultPage(
  db: Db,
  signer: UrlSigner,
  ownerId: string,
  q: VaultQuery,
): Promise<{ data: VaultItem[]; next: string | null }> {
  if (q.chat_id) {
    const [member] = await db
      .select({ chatId: chatMembers.chatId })
      .from(chatMembers)
      .where(and(eq(chatMembers.userId, ownerId), eq(chatMembers.chatId, q.chat_id)));
    if (!member) throw fail('not_found', 'Chat');
  }
  const cursor = q.next ? decodeCursor(q.next) : null;
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.ownerId, ownerId),
        isNull(media.deletedAt),
        ne(media.status, 'failed'),
        cursor
          ? sql`(${media.createdAt}, ${media.id}) < (${cursor.createdAt}, ${cursor.id}::uuid)`
          : undefined,
        q.chat_id
          ? sql`(exists (select 1 from messages m where m.media_id = ${media.id} and m.chat_id = ${q.chat_id} and m.sender_id = ${ownerId})
              or exists (select 1 from message_media mm join messages m on m.id = mm.message_id
                where mm.media_id = ${media.id} and m.chat_id = ${q.chat_id} and m.sender_id = ${ownerId}))`
          : undefined,
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(q.limit + 1)
    .offset(cursor ? 0 : (q.offset ?? 0));
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  let next: string | null = null;
  if (rows.length > q.limit && last) {
    const params = new URLSearchParams({
      limit: String(q.limit),
      next: encodeCursor(last.createdAt, last.id),
    });
    if (q.chat_id) params.set('chat_id', q.chat_id);
    next = `/v1/media?${params.toString()}`;
  }
  const earnings = await vaultEarnings(
    db,
    page.map((row) => row.id),
  );
  return {
    data: page.map((row) => ({
      ...describeMedia(signer, row, ownerId, 'full'),
      _id: row.id,
      created_at: row.createdAt.toISOString(),
      earned: earnings.get(row.id)?.earned ?? 0,
      sales: earnings.get(row.id)?.sales ?? 0,
    })),
    next,
  };
}
