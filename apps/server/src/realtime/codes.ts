/**
 * Codes of Centrifugo's client protocol (https://centrifugal.dev/docs/server/codes). Error codes come back in a
 * command's reply; disconnect codes close the WebSocket. The `centrifuge` client reconnects after 3000–3499 and
 * stops for good after 3500–3999, so the range is the contract, not just the number.
 */

export const ErrorCode = {
  internal: 100,
  unauthorized: 101,
  unknownChannel: 102,
  permissionDenied: 103,
  methodNotFound: 104,
  alreadySubscribed: 105,
  limitExceeded: 106,
  badRequest: 107,
  notAvailable: 108,
  tokenExpired: 109,
  expired: 110,
  tooManyRequests: 111,
  unrecoverablePosition: 112,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ProtocolError {
  code: number;
  message: string;
  /** A temporary error is retried by the client (like codes below 100). */
  temporary?: boolean;
}

export const protocolErrors = {
  internal: { code: ErrorCode.internal, message: 'internal server error', temporary: true },
  unauthorized: { code: ErrorCode.unauthorized, message: 'unauthorized' },
  unknownChannel: { code: ErrorCode.unknownChannel, message: 'unknown channel' },
  permissionDenied: { code: ErrorCode.permissionDenied, message: 'permission denied' },
  methodNotFound: { code: ErrorCode.methodNotFound, message: 'method not found' },
  alreadySubscribed: { code: ErrorCode.alreadySubscribed, message: 'already subscribed' },
  limitExceeded: { code: ErrorCode.limitExceeded, message: 'limit exceeded' },
  badRequest: { code: ErrorCode.badRequest, message: 'bad request' },
  notAvailable: { code: ErrorCode.notAvailable, message: 'not available' },
  tokenExpired: { code: ErrorCode.tokenExpired, message: 'token expired' },
  tooManyRequests: { code: ErrorCode.tooManyRequests, message: 'too many requests', temporary: true },
  unrecoverablePosition: { code: ErrorCode.unrecoverablePosition, message: 'unrecoverable position' },
} as const satisfies Record<string, ProtocolError>;

export interface Disconnect {
  code: number;
  reason: string;
}

/** 3000–3499: the client reconnects (with backoff) and recovers its subscriptions. */
export const reconnectDisconnects = {
  connectionClosed: { code: 3000, reason: 'connection closed' },
  shutdown: { code: 3001, reason: 'shutdown' },
  serverError: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  subscriptionExpired: { code: 3006, reason: 'subscription expired' },
  slow: { code: 3008, reason: 'slow' },
  writeError: { code: 3009, reason: 'write error' },
  insufficientState: { code: 3010, reason: 'insufficient state' },
  forceReconnect: { code: 3011, reason: 'force reconnect' },
  noPong: { code: 3012, reason: 'no pong' },
  tooManyRequests: { code: 3013, reason: 'too many requests' },
} as const satisfies Record<string, Disconnect>;

/** 3500–3999: terminal, the client does not reconnect. */
export const terminalDisconnects = {
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  forceNoReconnect: { code: 3503, reason: 'force disconnect' },
  connectionLimit: { code: 3504, reason: 'connection limit' },
  channelLimit: { code: 3505, reason: 'channel limit' },
  inappropriateProtocol: { code: 3506, reason: 'inappropriate protocol' },
  permissionDenied: { code: 3507, reason: 'permission denied' },
} as const satisfies Record<string, Disconnect>;

export const Disconnects = { ...reconnectDisconnects, ...terminalDisconnects };

/** Whether the `centrifuge` client reconnects after this close code. */
export function isReconnectCode(code: number): boolean {
  return !((code >= 3500 && code < 4000) || (code >= 4500 && code < 5000));
}
