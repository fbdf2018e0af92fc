import * as livekit from '@beseda/protocol/endpoints/livekit';
import type { CallApi } from './call-store';
import { call } from '../../lib/api/client';

/** Spec §7 "Live calls": the voice channel routes, typed by the protocol's descriptors. */
export const callApi: CallApi = {
  join: (channelId) => call(livekit.joinChannel, { body: { channelId } }),
  token: (channelId) => call(livekit.getToken, { query: { roomId: channelId } }),
  leave: () => call(livekit.leaveChannel),
  heartbeat: (body) => call(livekit.heartbeat, { body }),
};
