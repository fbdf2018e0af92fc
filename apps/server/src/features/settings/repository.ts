import { and, count, eq, like, sql } from 'drizzle-orm';
import type { JsonValue } from '@beseda/protocol/settings';
import type { Database } from '../../db/database.js';
import { userScopedSettings, userSettings } from '../../db/schema/settings.js';

export interface StoredGlobalSettings {
  global: Record<string, unknown>;
  version: number;
}

export async function findGlobalSettings(db: Database, userId: string): Promise<StoredGlobalSettings | null> {
  const [row] = await db
    .select({ global: userSettings.global, version: userSettings.version })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? null;
}

/**
 * Merges `changes` into the stored object in SQL (`global || changes`) and bumps the version in the same statement:
 * the row lock serialises concurrent writers, and each merges into what the previous one committed, so no key is lost
 * (a read-modify-write in JS would let the later writer overwrite the earlier one's keys).
 */
export async function mergeGlobalSettings(
  db: Database,
  userId: string,
  changes: Record<string, unknown>,
): Promise<StoredGlobalSettings> {
  const json = JSON.stringify(changes);
  const [row] = await db
    .insert(userSettings)
    .values({ userId, global: sql`${json}::jsonb`, version: 1 })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        global: sql`${userSettings.global} || ${json}::jsonb`,
        version: sql`${userSettings.version} + 1`,
      },
    })
    .returning({ global: userSettings.global, version: userSettings.version });
  if (!row) throw new Error('Upsert returned no row');
  return row;
}

/** Takes the user's settings row lock (creating the row if needed): scoped writes of one user run one at a time. */
export async function lockUserSettings(tx: Database, userId: string): Promise<void> {
  await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
  await tx
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .for('update');
}

/** `scope` is a key's first part (it holds no `:`); `%` and `_` are LIKE wildcards, so they are escaped. */
export async function listScopedSettings(
  db: Database,
  userId: string,
  scope: string | undefined,
): Promise<{ key: string; value: JsonValue }[]> {
  const filter =
    scope === undefined
      ? eq(userScopedSettings.userId, userId)
      : and(eq(userScopedSettings.userId, userId), like(userScopedSettings.key, `${escapeLike(scope)}:%`));
  return db
    .select({ key: userScopedSettings.key, value: userScopedSettings.value })
    .from(userScopedSettings)
    .where(filter)
    .orderBy(userScopedSettings.key);
}

export async function countScopedSettings(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userScopedSettings)
    .where(eq(userScopedSettings.userId, userId));
  return row?.total ?? 0;
}

export async function scopedKeyExists(db: Database, userId: string, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: userScopedSettings.key })
    .from(userScopedSettings)
    .where(and(eq(userScopedSettings.userId, userId), eq(userScopedSettings.key, key)));
  return rows.length > 0;
}

export async function upsertScopedSetting(
  db: Database,
  input: { userId: string; key: string; value: unknown; now: Date },
): Promise<void> {
  // Through JSON text: a bare string or number value must be stored as that JSON value, not re-interpreted.
  const json = JSON.stringify(input.value);
  await db
    .insert(userScopedSettings)
    .values({ userId: input.userId, key: input.key, value: sql`${json}::jsonb`, updatedAt: input.now })
    .onConflictDoUpdate({
      target: [userScopedSettings.userId, userScopedSettings.key],
      set: { value: sql`${json}::jsonb`, updatedAt: input.now },
    });
}

export async function deleteScopedSetting(db: Database, userId: string, key: string): Promise<boolean> {
  const rows = await db
    .delete(userScopedSettings)
    .where(and(eq(userScopedSettings.userId, userId), eq(userScopedSettings.key, key)))
    .returning({ key: userScopedSettings.key });
  return rows.length > 0;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
