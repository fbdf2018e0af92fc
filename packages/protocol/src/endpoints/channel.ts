import { defineEndpoint } from '../endpoint.js';
import {
  channelIdQuerySchema,
  channelResponseSchema,
  channelsResponseSchema,
  createChannelBodySchema,
  createChannelResponseSchema,
  groupIdQuerySchema,
  renameChannelBodySchema,
} from '../groups.js';

/*
 * A group's channels (spec §7 "Channels and groups", plus rename). Members only (404 NOT_FOUND for anyone else);
 * creating and renaming are the owner's.
 */

/** The group's channels by position. */
export const listChannels = defineEndpoint({
  method: 'GET',
  path: '/channel/index',
  query: groupIdQuerySchema,
  response: channelsResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

export const getChannel = defineEndpoint({
  method: 'GET',
  path: '/channel/',
  trailingSlashOptional: true,
  query: channelIdQuerySchema,
  response: channelResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** Owner only; rate limited per user. */
export const createChannel = defineEndpoint({
  method: 'POST',
  path: '/channel/',
  trailingSlashOptional: true,
  body: createChannelBodySchema,
  response: createChannelResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'NOT_GROUP_OWNER', 'RATE_LIMITED'],
});

export const renameChannel = defineEndpoint({
  method: 'PATCH',
  path: '/channel/',
  trailingSlashOptional: true,
  query: channelIdQuerySchema,
  body: renameChannelBodySchema,
  response: channelResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'NOT_GROUP_OWNER'],
});
