import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMembers } from '../db/schema';

/** How many of a person's chats hear that they came online or left (docs/rules.md). */
export const PRESENCE_AUDIENCE = 200;

/**
 * The people who see someone's presence: the other members of their most recently active chats.
 * Capped, so a creator with a hundred thousand chats does not message all of them on every connect.
 */
export function chatPartners(db: Db) {
  return async (userId: string): Promise<string[]> => {
    const rows = await db
      .select({ id: chatMembers.otherId })
      .from(chatMembers)
      .where(eq(chatMembers.userId, userId))
      .orderBy(desc(chatMembers.lastMessageAt))
      .limit(PRESENCE_AUDIENCE);
    return rows.map((r) => r.id);
  };
}
