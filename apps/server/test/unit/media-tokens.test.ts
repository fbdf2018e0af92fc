import { createHmac } from 'node:crypto';
import { AccessToken, TokenVerifier } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import {
  embeddedCredentials,
  InvalidMediaTokenError,
  mintRoomToken,
  roomTokenVerifier,
} from '../../src/media/tokens.js';
import { turnCredentials } from '../../src/media/turn.js';

const AUTH_SECRET = 'an-auth-secret-that-is-long-enough-for-tests';
const credentials = embeddedCredentials(AUTH_SECRET);
const verify = roomTokenVerifier(credentials);

describe('media room tokens', () => {
  it('carry identity, name, room and the publish/subscribe/data grants, checked by TokenVerifier', async () => {
    const token = await mintRoomToken(credentials, { identity: 'user-1', name: 'vasya', room: 'room-a' });
    const grants = await new TokenVerifier(credentials.apiKey, credentials.apiSecret).verify(token);
    expect(grants).toMatchObject({ sub: 'user-1', name: 'vasya', iss: credentials.apiKey });
    expect(grants.video).toEqual({
      roomJoin: true,
      room: 'room-a',
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    expect((grants.exp ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(5 * 3600);
    expect(await verify(token)).toEqual({
      identity: 'user-1',
      name: 'vasya',
      room: 'room-a',
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
      metadata: '',
    });
  });

  it('a token for room A names room A only: it is not a token for room B', async () => {
    const forA = await verify(await mintRoomToken(credentials, { identity: 'user-1', name: 'v', room: 'room-a' }));
    const forB = await verify(await mintRoomToken(credentials, { identity: 'user-1', name: 'v', room: 'room-b' }));
    expect(forA.room).toBe('room-a');
    expect(forB.room).toBe('room-b');
  });

  it('refuses another secret, an expired token and a token without a room join', async () => {
    const other = embeddedCredentials('another-auth-secret-that-is-long-enough');
    expect(other.apiSecret).not.toBe(credentials.apiSecret);
    const foreign = await mintRoomToken(other, { identity: 'user-1', name: 'v', room: 'room-a' });
    await expect(verify(foreign)).rejects.toBeInstanceOf(InvalidMediaTokenError);

    const expired = new AccessToken(credentials.apiKey, credentials.apiSecret, { identity: 'user-1', ttl: -60 });
    expired.addGrant({ roomJoin: true, room: 'room-a' });
    await expect(verify(await expired.toJwt())).rejects.toBeInstanceOf(InvalidMediaTokenError);

    const listOnly = new AccessToken(credentials.apiKey, credentials.apiSecret, { identity: 'user-1' });
    listOnly.addGrant({ roomList: true });
    await expect(verify(await listOnly.toJwt())).rejects.toThrow(/room join/);
  });

  it('defaults permissions as LiveKit does when a token leaves them unset', async () => {
    const bare = new AccessToken(credentials.apiKey, credentials.apiSecret, { identity: 'bot' });
    bare.addGrant({ roomJoin: true, room: 'room-a' });
    expect(await verify(await bare.toJwt())).toMatchObject({
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    const listener = new AccessToken(credentials.apiKey, credentials.apiSecret, { identity: 'bot' });
    listener.addGrant({ roomJoin: true, room: 'room-a', canSubscribe: true, canPublishData: false });
    expect(await verify(await listener.toJwt())).toMatchObject({
      canPublish: false,
      canSubscribe: true,
      canPublishData: false,
    });
  });

  it('the embedded key is derived from AUTH_SECRET: stable, and not the secret itself', () => {
    expect(embeddedCredentials(AUTH_SECRET)).toEqual(credentials);
    expect(credentials.apiSecret).not.toContain(AUTH_SECRET);
    expect(credentials.apiSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('TURN REST credentials (coturn use-auth-secret)', () => {
  it('username is <expiry>:<userId>, credential base64(HMAC-SHA1(secret, username))', () => {
    const turn = { secret: 'static-auth-secret', urls: ['turn:turn.example.org:3478'], ttlSeconds: 6 * 3600 };
    const now = new Date('2026-11-24T00:00:00Z');
    const server = turnCredentials(turn, 'user-1', now);
    const expiry = Math.floor(now.getTime() / 1000) + 6 * 3600;
    expect(server.username).toBe(`${expiry}:user-1`);
    expect(server.credential).toBe(
      createHmac('sha1', 'static-auth-secret').update(`${expiry}:user-1`).digest('base64'),
    );
    expect(server.urls).toEqual(['turn:turn.example.org:3478']);
  });
});
