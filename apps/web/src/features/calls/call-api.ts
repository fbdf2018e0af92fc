import * as directCalls from '@beseda/protocol/endpoints/direct-calls';
import * as livekit from '@beseda/protocol/endpoints/livekit';
import type { CallApi } from './call-store';
import { call } from '../../lib/api/client';

/** Spec §7 "Live calls": the routes a call's room needs, typed by the protocol's descriptors. */
export const callApi: CallApi = {
  join: (channelId) => call(livekit.joinChannel, { body: { channelId } }),
  token: (roomId) => call(livekit.getToken, { query: { roomId } }),
  leave: () => call(livekit.leaveChannel),
  hangUp: (callId) => call(directCalls.hangUpDirectCall, { params: { id: callId } }),
  heartbeat: (body) => call(livekit.heartbeat, { body }),
};
