import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { type NewUserRow, type UserRow, users } from '../../db/schema/users.js';
import { NotFoundError } from '../../errors.js';

/** Throws the driver's unique-violation error when the e-mail or nickname is taken (see isUniqueViolation). */
export async function insertUser(db: Database, row: NewUserRow): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  if (!inserted) throw new Error('insert into users returned no row');
  return inserted;
}

/** `email` must already be normalised (see normalizeEmail). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateUserAvatar(db: Database, userId: string, avatarUrl: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ avatarUrl }).where(eq(users.id, userId)).returning();
  if (!row) throw new NotFoundError('User not found');
  return row;
}
