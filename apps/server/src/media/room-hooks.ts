import { callIdOfRoom } from '@beseda/protocol/direct-calls';
import type { MediaParticipantHooks } from './media.js';

/**
 * One media server carries both kinds of room: `direct:<callId>` rooms belong to the direct calls, every other room is
 * a voice channel (named by its channel id). Each participant event goes to the feature that owns its room.
 */
export function roomHooks(owners: {
  voice: MediaParticipantHooks;
  directCalls: MediaParticipantHooks;
}): MediaParticipantHooks {
  const ownerOf = (room: string) => (callIdOfRoom(room) === null ? owners.voice : owners.directCalls);
  return {
    mayJoin: (claims) => ownerOf(claims.room).mayJoin(claims),
    onParticipantJoined: (event) => ownerOf(event.room).onParticipantJoined(event),
    onParticipantLeft: (event) => ownerOf(event.room).onParticipantLeft(event),
  };
}
