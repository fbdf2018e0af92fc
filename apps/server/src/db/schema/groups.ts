import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chats } from './chats.js';
import { users } from './users.js';

export const CHANNEL_TYPES = ['TEXT', 'RTCP', 'SYSTEM'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Groups (servers). `owner_id` is the creator; ownership transfer and deletion are not built yet. */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('groups_owner_idx').on(table.ownerId)],
);

/**
 * Roles resolve a member's badge (name + colour). `key` marks the server-made defaults ('owner', 'member') so clients
 * can translate their names; `is_default` is the role a joining member gets (exactly one per group, by the index).
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    position: integer('position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    key: text('key'),
  },
  (table) => [
    index('roles_group_idx').on(table.groupId, table.position),
    uniqueIndex('roles_one_default')
      .on(table.groupId)
      .where(sql`${table.isDefault}`),
  ],
);

/** Membership is the permission for everything of a group: its channels, members, messages and group channel. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'group_members_pk', columns: [table.groupId, table.userId] }),
    index('group_members_user_idx').on(table.userId),
  ],
);

/**
 * Channels of a group. TEXT and SYSTEM channels own a chat of kind 'channel' (the chat machinery serves their
 * messages); RTCP (voice) channels have none. `key` marks the server-made defaults ('welcome', 'general').
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: CHANNEL_TYPES }).notNull(),
    chatId: uuid('chat_id')
      .unique('channels_chat_unique')
      .references(() => chats.id, { onDelete: 'set null' }),
    key: text('key'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('channels_group_idx').on(table.groupId, table.position),
    check('channels_type_valid', sql`${table.type} in ('TEXT', 'RTCP', 'SYSTEM')`),
    check('channels_chat_matches_type', sql`(${table.type} = 'RTCP') = (${table.chatId} is null)`),
  ],
);

/**
 * Invite codes. A code is valid while not revoked and not expired; `uses` counts the joins it brought (an
 * already-member accepting does not count).
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique('invites_code_unique'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
  },
  (table) => [index('invites_group_creator_idx').on(table.groupId, table.createdBy)],
);

export type GroupRow = typeof groups.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
