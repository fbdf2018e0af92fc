import { z } from 'zod';
import { publicUserSchema } from './user.js';
import { voiceMemberSchema } from './voice.js';
import { avatarKeyField, VALIDATION, withoutBidiControls, withoutControlCharacters } from './validation.js';

/**
 * Groups (servers), their channels, members, roles and invites (spec §3 Group / Channel / Invite link, §7 "Channels
 * and groups"). Every route needs a session; everything of a group is visible to its members only (anyone else gets
 * 404 NOT_FOUND, the same as for an unknown id). Ids are UUIDv7 strings.
 */

export const GROUP_NAME_MAX_LENGTH = 100;
export const CHANNEL_NAME_MAX_LENGTH = 100;
/** An invite lives 7 days unless the request says otherwise (Discord's default). */
export const INVITE_DEFAULT_TTL_HOURS = 168;
export const INVITE_MAX_TTL_HOURS = 24 * 365;
export const INVITE_CODE_MAX_LENGTH = 64;

export const channelTypeSchema = z.enum(['TEXT', 'RTCP', 'SYSTEM']);
export type ChannelType = z.infer<typeof channelTypeSchema>;

/** Keys of the server-made defaults, so clients may show their own (translated) names. */
export const roleKeySchema = z.enum(['owner', 'member']);
export type RoleKey = z.infer<typeof roleKeySchema>;
export const channelKeySchema = z.enum(['welcome', 'general']);
export type ChannelKey = z.infer<typeof channelKeySchema>;

/** Trimmed, 1..max characters, no control or bidi override characters; the error keys are the shared ones. */
function nameField(max: number) {
  return z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, { error: VALIDATION.required, abort: true })
    .max(max, { error: VALIDATION.invalid })
    .refine(withoutControlCharacters, { error: VALIDATION.invalidCharacters })
    .refine(withoutBidiControls, { error: VALIDATION.invalidCharacters });
}

/** A channel as every member sees it (what group events carry: nothing in it depends on the viewer). */
export const channelInfoSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  /** TEXT, SYSTEM (read-only but for the owner) or RTCP (voice: no chat). */
  type: channelTypeSchema,
  /** Set on the channels made with the group: 'welcome' (the system channel), 'general' (the first text one). */
  key: channelKeySchema.nullable(),
  /** Order within the group, ascending. */
  position: z.number().int(),
  /** The chat serving the channel's messages (TEXT, SYSTEM); null for RTCP. Use it with every /api/chat route. */
  chatId: z.string().nullable(),
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

/**
 * A channel as the caller sees it. `canWrite`: TEXT for every member, SYSTEM for the owner only, RTCP never
 * (clients applying a group event compute it the same way). `unreadCount`: others' live messages after the
 * caller's read marker (or after they joined), capped at UNREAD_COUNT_CAP; 0 for RTCP. `mentionCount`: those of
 * them that mention the caller (`@nick`, resolved when sent or edited), capped the same way.
 */
export const channelSchema = channelInfoSchema.extend({
  canWrite: z.boolean(),
  unreadCount: z.number().int().nonnegative(),
  mentionCount: z.number().int().nonnegative(),
});
export type Channel = z.infer<typeof channelSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** #rrggbb */
  color: z.string(),
  /** Lower first (the owner's role is 0). */
  position: z.number().int(),
  key: roleKeySchema.nullable(),
});
export type Role = z.infer<typeof roleSchema>;

export const groupMemberSchema = z.object({
  /** The member's user id. */
  id: z.string(),
  user: publicUserSchema,
  roleId: z.string(),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** An entry of `GET /api/group/` (the toolbar): no member list. */
export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  ownerId: z.string(),
  channels: z.array(channelSchema),
  memberCount: z.number().int().nonnegative(),
  myRoleId: z.string(),
  /** Some channel has unread messages (the toolbar's dot). */
  unread: z.boolean(),
  /** The channels' `mentionCount`s added up (the toolbar's red badge, which replaces the dot). */
  mentionCount: z.number().int().nonnegative(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupSchema = groupSummarySchema.extend({
  members: z.array(groupMemberSchema),
  roles: z.array(roleSchema),
});
export type Group = z.infer<typeof groupSchema>;

export const groupIdParamsSchema = z.object({ id: z.uuid().toLowerCase() });
export const groupIdQuerySchema = z.object({ groupId: z.uuid().toLowerCase() });
export const channelIdQuerySchema = z.object({ channelId: z.uuid().toLowerCase() });
/**
 * Any printable string: a malformed code is answered like an unknown one (404 INVITE_NOT_FOUND). Control characters
 * never come from a shared link; they are refused (400) before they reach the database, which cannot hold U+0000.
 */
const inviteCodeField = z
  .string()
  .min(1)
  .max(INVITE_CODE_MAX_LENGTH)
  .refine(withoutControlCharacters, { error: VALIDATION.invalidCharacters });
export const inviteCodeParamsSchema = z.object({ code: inviteCodeField });

export const createGroupBodySchema = z.object({
  /** The client defaults it to «Сервер » + nickname (spec §2 New group). */
  name: nameField(GROUP_NAME_MAX_LENGTH),
  /**
   * An avatar uploaded for this group (`GET /api/files/avatar/upload-url?entity=group`, then the PUT): it must be the
   * caller's own, unused upload; it becomes the group's picture in the same transaction as the group.
   */
  avatarKey: avatarKeyField.nullish(),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

export const renameGroupBodySchema = z.object({ name: nameField(GROUP_NAME_MAX_LENGTH) });
export type RenameGroupBody = z.input<typeof renameGroupBodySchema>;

export const createGroupResponseSchema = z.object({ id: z.string(), group: groupSchema });
export type CreateGroupResponse = z.infer<typeof createGroupResponseSchema>;
export const groupsResponseSchema = z.object({ groups: z.array(groupSummarySchema) });
export type GroupsResponse = z.infer<typeof groupsResponseSchema>;
export const groupResponseSchema = z.object({ group: groupSchema });
export type GroupResponse = z.infer<typeof groupResponseSchema>;
export const participantsResponseSchema = z.object({
  members: z.array(groupMemberSchema),
  roles: z.array(roleSchema),
});
export type ParticipantsResponse = z.infer<typeof participantsResponseSchema>;

export const createChannelBodySchema = z.object({
  name: nameField(CHANNEL_NAME_MAX_LENGTH),
  type: channelTypeSchema,
  groupId: z.uuid().toLowerCase(),
});
export type CreateChannelBody = z.input<typeof createChannelBodySchema>;
export const renameChannelBodySchema = z.object({ name: nameField(CHANNEL_NAME_MAX_LENGTH) });
export type RenameChannelBody = z.input<typeof renameChannelBodySchema>;

export const channelsResponseSchema = z.object({ channels: z.array(channelSchema) });
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;
export const channelResponseSchema = z.object({ channel: channelSchema });
export type ChannelResponse = z.infer<typeof channelResponseSchema>;
export const createChannelResponseSchema = z.object({ id: z.string(), channel: channelSchema });
export type CreateChannelResponse = z.infer<typeof createChannelResponseSchema>;

export const createInviteBodySchema = z.object({
  groupId: z.uuid().toLowerCase(),
  /** Lifetime in hours (default INVITE_DEFAULT_TTL_HOURS); null: never expires. */
  expiresInHours: z.number().int().min(1).max(INVITE_MAX_TTL_HOURS).nullable().optional(),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;

export const inviteResponseSchema = z.object({
  code: z.string(),
  /** Spec §3 Invite link: `link {code, group.id}`; the page is `/invite/{code}`. */
  link: z.object({ code: z.string(), groupId: z.string() }),
  expiresAt: z.string().nullable(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/** What a holder of a valid code may see before joining. */
export const invitePreviewResponseSchema = z.object({
  group: z.object({
    id: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    memberCount: z.number().int().nonnegative(),
  }),
});
export type InvitePreviewResponse = z.infer<typeof invitePreviewResponseSchema>;

export const acceptInviteBodySchema = z.object({ code: inviteCodeField });
export type AcceptInviteBody = z.input<typeof acceptInviteBodySchema>;
/** `joined`: true when this call made the caller a member; false when they already were (nothing changed). */
export const acceptInviteResponseSchema = z.object({ joined: z.boolean(), groupId: z.string() });
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

/** Who is in which voice channel of the group, with their mic / camera / screen flags. */
export const membersVoiceStatusResponseSchema = z.object({ members: z.array(voiceMemberSchema) });
export type MembersVoiceStatusResponse = z.infer<typeof membersVoiceStatusResponseSchema>;

/**
 * `{type: 'group_update', status, payload}` on `group#<groupId>` (members only). `member_joined` and
 * `group_created` also go to the user's own `notification:user#<id>`, so their other tabs learn of the new group
 * and subscribe to its channel.
 */
export const groupEventSchema = z.discriminatedUnion('status', [
  z.object({
    type: z.literal('group_update'),
    status: z.literal('group_created'),
    payload: z.object({ groupId: z.string() }),
  }),
  z.object({
    type: z.literal('group_update'),
    status: z.literal('member_joined'),
    payload: z.object({ groupId: z.string(), member: groupMemberSchema }),
  }),
  z.object({
    type: z.literal('group_update'),
    status: z.literal('channel_created'),
    payload: z.object({ groupId: z.string(), channel: channelInfoSchema }),
  }),
  z.object({
    type: z.literal('group_update'),
    status: z.literal('channel_renamed'),
    payload: z.object({ groupId: z.string(), channel: channelInfoSchema }),
  }),
  z.object({
    type: z.literal('group_update'),
    status: z.literal('group_renamed'),
    payload: z.object({ groupId: z.string(), name: z.string() }),
  }),
  /** The owner changed the picture (`POST /api/files/avatar/commit`); `avatarUrl` is the new `/api/files/avatar/<key>`. */
  z.object({
    type: z.literal('group_update'),
    status: z.literal('group_avatar_changed'),
    payload: z.object({ groupId: z.string(), avatarUrl: z.string().nullable() }),
  }),
]);
export type GroupEvent = z.infer<typeof groupEventSchema>;
