import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import {
  acceptInviteBodySchema,
  acceptInviteResponseSchema,
  createGroupBodySchema,
  createGroupResponseSchema,
  createInviteBodySchema,
  groupIdParamsSchema,
  groupResponseSchema,
  groupsResponseSchema,
  inviteCodeParamsSchema,
  invitePreviewResponseSchema,
  inviteResponseSchema,
  membersVoiceStatusResponseSchema,
  participantsResponseSchema,
  renameGroupBodySchema,
} from '../groups.js';

/*
 * Groups, their members and invites (spec §7 "Channels and groups", plus rename and revoke). Everything of a group is
 * visible to its members only: anyone else gets 404 NOT_FOUND, the same as for an unknown id.
 */

/** The caller's groups with their channels (no member lists), oldest membership first. */
export const listGroups = defineEndpoint({
  method: 'GET',
  path: '/group/',
  trailingSlashOptional: true,
  response: groupsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** The caller becomes the owner. `avatarKey`: the caller's unused upload for entity `group`. Rate limited per user. */
export const createGroup = defineEndpoint({
  method: 'POST',
  path: '/group/create',
  body: createGroupBodySchema,
  response: createGroupResponseSchema,
  errors: ['UNAUTHENTICATED', 'UPLOAD_NOT_FOUND', 'UPLOAD_ALREADY_USED', 'RATE_LIMITED'],
});

/** Channels, members and roles. */
export const getGroup = defineEndpoint({
  method: 'GET',
  path: '/group/:id',
  params: groupIdParamsSchema,
  response: groupResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** Owner only. */
export const renameGroup = defineEndpoint({
  method: 'PATCH',
  path: '/group/:id',
  params: groupIdParamsSchema,
  body: renameGroupBodySchema,
  response: groupResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'NOT_GROUP_OWNER'],
});

/** Members with their role ids, and the roles. */
export const listParticipants = defineEndpoint({
  method: 'GET',
  path: '/group/:id/participants',
  params: groupIdParamsSchema,
  response: participantsResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** Who is in which voice channel of the group. */
export const getVoiceStatus = defineEndpoint({
  method: 'GET',
  path: '/group/:id/members-voice-status',
  params: groupIdParamsSchema,
  response: membersVoiceStatusResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/**
 * Any member may invite. An invite lives 7 days unless `expiresInHours` says otherwise (null: never expires); without
 * it the caller's live default invite comes back again. New codes are rate limited per user.
 */
export const createInvite = defineEndpoint({
  method: 'POST',
  path: '/group/invite',
  body: createInviteBodySchema,
  response: inviteResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED'],
});

/** What a holder of a valid code may see before joining. Rate limited per IP. */
export const getInvite = defineEndpoint({
  method: 'GET',
  path: '/group/invite/:code',
  params: inviteCodeParamsSchema,
  response: invitePreviewResponseSchema,
  errors: ['UNAUTHENTICATED', 'INVITE_NOT_FOUND', 'RATE_LIMITED'],
});

/** The code's creator or the group owner; 403 FORBIDDEN for other members. */
export const revokeInvite = defineEndpoint({
  method: 'DELETE',
  path: '/group/invite/:code',
  params: inviteCodeParamsSchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'INVITE_NOT_FOUND'],
});

/** Joins (idempotent: `joined` is false for a member already). Rate limited per IP. */
export const acceptInvite = defineEndpoint({
  method: 'POST',
  path: '/group/accept-invite/',
  trailingSlashOptional: true,
  body: acceptInviteBodySchema,
  response: acceptInviteResponseSchema,
  errors: ['UNAUTHENTICATED', 'INVITE_NOT_FOUND', 'RATE_LIMITED'],
});
