/**
 * Per-channel stream positions, so a publication the client has already applied (a replay after recovery, a
 * duplicate delivery) is dropped before any feature sees it. Offsets grow by one per publication within an epoch;
 * a new epoch (the server lost the stream) restarts them, which the `subscribed` reply tells us.
 */

export interface StreamPosition {
  offset: number;
  epoch: string;
}

export type StreamPositions = ReadonlyMap<string, StreamPosition>;

export interface SubscribedInfo {
  wasRecovering: boolean;
  recovered: boolean;
  streamPosition?: StreamPosition | undefined;
}

export const NO_POSITIONS: StreamPositions = new Map();

/**
 * A recovered subscription keeps its position: the missed publications follow the reply with higher offsets.
 * Otherwise the reply's position (the stream's top) is the new baseline: only newer publications are live ones.
 */
export function positionAfterSubscribe(
  positions: StreamPositions,
  channel: string,
  info: SubscribedInfo,
): StreamPositions {
  const known = positions.get(channel);
  const sameEpoch = known !== undefined && known.epoch === info.streamPosition?.epoch;
  if (info.wasRecovering && info.recovered && sameEpoch) return positions;
  const next = new Map(positions);
  if (info.streamPosition) next.set(channel, { ...info.streamPosition });
  else next.delete(channel);
  return next;
}

export interface PublicationVerdict {
  positions: StreamPositions;
  /** False for a publication at or below the last applied offset: a duplicate or a stale replay. */
  accept: boolean;
}

export function admitPublication(
  positions: StreamPositions,
  channel: string,
  offset: number | undefined,
): PublicationVerdict {
  // Without an offset (a channel without history) there is nothing to compare; deliver it.
  if (offset === undefined || offset <= 0) return { positions, accept: true };
  const known = positions.get(channel);
  if (known && offset <= known.offset) return { positions, accept: false };
  const next = new Map(positions);
  next.set(channel, { offset, epoch: known?.epoch ?? '' });
  return { positions: next, accept: true };
}
