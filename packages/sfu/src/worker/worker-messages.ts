import type { MediaServerStats, ParticipantLeftReason } from '../media-server.js';
import type { JoinRequest } from '../room/room-host.js';

/** Host thread → room worker. */
export type ToWorker =
  | { type: 'join'; request: JoinRequest }
  | { type: 'frame'; sessionId: string; frame: Uint8Array }
  | { type: 'socket-closed'; sessionId: string }
  | { type: 'remove'; callId: number; room: string; identity: string }
  | { type: 'stats'; callId: number }
  | { type: 'close'; callId: number };

/** Room worker → host thread. */
export type FromWorker =
  | { type: 'send'; sessionId: string; frame: Uint8Array }
  | { type: 'close-session'; sessionId: string }
  | { type: 'joined'; sessionId: string; room: string; identity: string }
  | { type: 'left'; sessionId: string; room: string; identity: string; reason: ParticipantLeftReason }
  | { type: 'room-closed'; room: string }
  | { type: 'reply'; callId: number; stats?: MediaServerStats }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; object: object; message: string };
