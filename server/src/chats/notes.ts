import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notes, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { chatForMember } from './chat-store';
import type { ErrorCode } from '@cove/contracts';

/** What adding, changing or deleting a note may be refused with: only creators keep notes, on their own chats. */
export const noteCodes = ['forbidden', 'not_found'] as const satisfies readonly ErrorCode[];

/** What editing or deleting a note may be refused with: it is not the caller's. */
export const ownNoteCodes = ['not_found'] as const satisfies readonly ErrorCode[];

const noteNotFound = () => fail('not_found', 'Note');
export const noteDto = (n: typeof notes.$inferSelect) => ({
  id: n.id,
  note: n.text,
  created_at: n.createdAt.toISOString(),
  updated_at: n.updatedAt.toISOString(),
});

/** Notes are a creator's private memory of a chat they are in. */
export async function addNote(db: Db, me: UserRow, chatId: string, text: string) {
  if (me.type !== 'featured') throw fail('forbidden');
  await chatForMember(db, chatId, me.id);
  const [row] = await db.insert(notes).values({ chatId, authorId: me.id, text }).returning();
  if (!row) throw new Error('note insert returned nothing');
  return noteDto(row);
}

/** Only the author may touch a note; to anyone else it does not exist. */
async function ownNote(db: Db, me: UserRow, id: string) {
  if (!isUuid(id)) throw noteNotFound();
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.authorId, me.id)));
  if (!row) throw noteNotFound();
  return row;
}

export async function editNote(db: Db, me: UserRow, id: string, text: string) {
  await ownNote(db, me, id);
  const [row] = await db
    .update(notes)
    .set({ text, updatedAt: new Date() })
    .where(eq(notes.id, id))
    .returning();
  if (!row) throw noteNotFound();
  return noteDto(row);
}

export async function deleteNote(db: Db, me: UserRow, id: string): Promise<void> {
  await ownNote(db, me, id);
  await db.delete(notes).where(eq(notes.id, id));
}
