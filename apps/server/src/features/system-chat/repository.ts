import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { chatMembers, chats, systemChats } from '../../db/schema/chats.js';
import { sessions } from '../../db/schema/sessions.js';

export async function findSystemChatId(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ chatId: systemChats.chatId })
    .from(systemChats)
    .where(eq(systemChats.userId, userId))
    .limit(1);
  return row?.chatId;
}

/** Throws a unique violation when the user already has one (system_chats' primary key). */
export async function insertSystemChat(
  db: Database,
  input: { chatId: string; userId: string; now: Date },
): Promise<void> {
  await db.insert(chats).values({ id: input.chatId, kind: 'system', createdAt: input.now });
  await db.insert(systemChats).values({ userId: input.userId, chatId: input.chatId });
  await db.insert(chatMembers).values({ chatId: input.chatId, userId: input.userId, joinedAt: input.now });
}

/**
 * Whether the user ever signed in on this device before (any session, ended ones included, other than the new one):
 * that is what makes a sign-in "from a new device".
 */
export async function hasEarlierSessionOnDevice(
  db: Database,
  input: { userId: string; device: string; exceptSessionId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, input.userId), eq(sessions.device, input.device), ne(sessions.id, input.exceptSessionId)),
    )
    .limit(1);
  return row !== undefined;
}
