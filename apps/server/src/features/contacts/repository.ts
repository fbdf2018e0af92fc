import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { type ContactRow, contacts, type NewContactRow } from '../../db/schema/contacts.js';
import { type UserRow, users } from '../../db/schema/users.js';

/** Nicknames are unique exactly as typed (spec: the tag is case-sensitive). */
export async function findUserByNickname(db: Database, nickname: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.nickname, nickname)).limit(1);
  return row;
}

function pairCondition(a: string, b: string) {
  return or(
    and(eq(contacts.requesterId, a), eq(contacts.addresseeId, b)),
    and(eq(contacts.requesterId, b), eq(contacts.addresseeId, a)),
  );
}

/** The pair's row, locked until the transaction ends so concurrent transitions of one pair queue up. */
export async function lockPair(db: Database, a: string, b: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(pairCondition(a, b)).limit(1).for('update');
  return row;
}

/** Throws a unique violation when the pair already has a row (see contacts_pair_unique). */
export async function insertContact(db: Database, row: NewContactRow): Promise<ContactRow> {
  const [inserted] = await db.insert(contacts).values(row).returning();
  if (!inserted) throw new Error('insert into contacts returned no row');
  return inserted;
}

/** Accepts the pending request `requesterId` → `addresseeId`; undefined when there is none. */
export async function acceptPending(
  db: Database,
  input: { requesterId: string; addresseeId: string; now: Date },
): Promise<ContactRow | undefined> {
  const [row] = await db
    .update(contacts)
    .set({ status: 'ACCEPTED', updatedAt: input.now })
    .where(isPendingRequest(input))
    .returning();
  return row;
}

/** Deletes the pending request `requesterId` → `addresseeId` (reject or cancel); undefined when there is none. */
export async function deletePending(
  db: Database,
  input: { requesterId: string; addresseeId: string },
): Promise<ContactRow | undefined> {
  const [row] = await db.delete(contacts).where(isPendingRequest(input)).returning();
  return row;
}

/** Ends a friendship, whoever asked first; undefined when the two are not friends. */
export async function deleteAccepted(db: Database, a: string, b: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .delete(contacts)
    .where(and(pairCondition(a, b), eq(contacts.status, 'ACCEPTED')))
    .returning();
  return row;
}

export interface ContactWithUser {
  contact: ContactRow;
  other: UserRow;
}

/** Every relation of the user with the other side's account: friends first, then by nickname. */
export async function listContactsOf(db: Database, userId: string): Promise<ContactWithUser[]> {
  const otherId = sql`case when ${contacts.requesterId} = ${userId} then ${contacts.addresseeId} else ${contacts.requesterId} end`;
  return db
    .select({ contact: contacts, other: users })
    .from(contacts)
    .innerJoin(users, eq(users.id, otherId))
    .where(or(eq(contacts.requesterId, userId), eq(contacts.addresseeId, userId)))
    .orderBy(sql`${contacts.status} = 'ACCEPTED' desc`, asc(users.nickname));
}

/** Ids of the user's accepted friends (presence fans out to them). */
export async function friendIdsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ requesterId: contacts.requesterId, addresseeId: contacts.addresseeId })
    .from(contacts)
    .where(
      and(or(eq(contacts.requesterId, userId), eq(contacts.addresseeId, userId)), eq(contacts.status, 'ACCEPTED')),
    );
  return rows.map((row) => (row.requesterId === userId ? row.addresseeId : row.requesterId));
}

export async function areFriends(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(pairCondition(a, b), eq(contacts.status, 'ACCEPTED')))
    .limit(1);
  return row !== undefined;
}

/** The pending request `requesterId` → `addresseeId` (its direction matters: only the addressee may accept). */
function isPendingRequest(input: { requesterId: string; addresseeId: string }): SQL | undefined {
  return and(
    eq(contacts.requesterId, input.requesterId),
    eq(contacts.addresseeId, input.addresseeId),
    eq(contacts.status, 'PENDING'),
  );
}
