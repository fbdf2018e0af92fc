import { createHmac } from 'node:crypto';
import type { IceServerConfig } from '@beseda/sfu/media-server';
import type { TurnConfig } from './config.js';

/**
 * coturn's "TURN REST API" credentials (`use-auth-secret` + `static-auth-secret`): the username is
 * `<unix expiry>:<user id>` and the password base64(HMAC-SHA1(secret, username)). coturn recomputes the HMAC and
 * checks the expiry itself, so nothing is stored and a leaked credential dies on its own.
 */
export function turnCredentials(turn: TurnConfig, userId: string, now = new Date()): IceServerConfig {
  const expiry = Math.floor(now.getTime() / 1000) + turn.ttlSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: [...turn.urls], username, credential };
}
