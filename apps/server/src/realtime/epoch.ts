import { randomBytes } from 'node:crypto';

/** A new stream epoch: random, short, and free of the `:` the Redis broker uses as a separator. */
export function newEpoch(): string {
  return randomBytes(6).toString('hex');
}

/** A process or connection id, unique across processes. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
