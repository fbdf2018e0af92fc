/**
 * The version of this contract that a client was built against. A desktop app may carry an older web build than the
 * server it talks to: the client sends its version with every API call (header) and with the realtime connect
 * (`version`), and a server that no longer speaks it answers 426 CLIENT_OUTDATED / closes with 4501, after which the
 * client offers a reload. Bump it, and `MIN_CLIENT_PROTOCOL_VERSION` with it, when a change breaks older clients.
 */
export const PROTOCOL_VERSION = 1;

/** The oldest client version this server still speaks. */
export const MIN_CLIENT_PROTOCOL_VERSION = 1;

export const PROTOCOL_VERSION_HEADER = 'x-beseda-protocol';

/** A missing version is a tool (curl, a test), not an old client: only a stated, older version is refused. */
export function isOutdatedClient(version: string | undefined, minimum = MIN_CLIENT_PROTOCOL_VERSION): boolean {
  if (version === undefined || version === '') return false;
  const parsed = Number(version);
  return !Number.isInteger(parsed) || parsed < minimum;
}
