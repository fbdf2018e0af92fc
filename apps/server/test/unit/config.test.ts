import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '../../src/config.js';

describe('parseEnv', () => {
  it('has working defaults: embedded PGlite under ./data, http on 127.0.0.1:3000', () => {
    const config = parseEnv({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ driver: 'pglite', dataDir: path.resolve('data', 'pglite') });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.authSecret).toBeNull();
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.refreshTokenTtlDays).toBe(30);
    expect(config.wsTokenTtlSeconds).toBe(300);
    expect(config.authRateLimitMax).toBe(10);
    expect(config.bodyLimitBytes).toBe(102_400);
    expect(config.trustProxy).toBe(false);
    expect(config.voiceDisconnectGraceMs).toBe(10_000);
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('logs pretty to a terminal and JSON anywhere else, unless LOG_FORMAT says which', () => {
    expect(parseEnv({}, true).logFormat).toBe('pretty');
    expect(parseEnv({}, false).logFormat).toBe('json');
    expect(parseEnv({}).logFormat).toBe('json');
    expect(parseEnv({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(parseEnv({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://beseda@db.internal:5432/beseda';
    expect(parseEnv({ DATABASE_URL: url }).database).toEqual({ driver: 'postgres', url });
  });

  it('an https PUBLIC_URL makes cookies Secure; a trailing slash is dropped', () => {
    const config = parseEnv({ PUBLIC_URL: 'https://chat.example.org/' });
    expect(config.publicUrl).toBe('https://chat.example.org');
    expect(config.secureCookies).toBe(true);
  });

  it('shows a wildcard bind address as localhost in the default public URL', () => {
    expect(parseEnv({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('treats empty values as unset and coerces numbers', () => {
    const config = parseEnv({ PORT: '', AUTH_RATE_LIMIT_MAX: '500', BODY_LIMIT_BYTES: '2048' });
    expect(config.port).toBe(3000);
    expect(config.authRateLimitMax).toBe(500);
    expect(config.bodyLimitBytes).toBe(2048);
  });

  it('takes the voice drop grace from VOICE_DISCONNECT_GRACE_MS', () => {
    expect(parseEnv({ VOICE_DISCONNECT_GRACE_MS: '1500' }).voiceDisconnectGraceMs).toBe(1500);
  });

  it('fetches link previews unless LINK_PREVIEWS=false', () => {
    expect(parseEnv({}).linkPreviews).toBe(true);
    expect(parseEnv({ LINK_PREVIEWS: 'false' }).linkPreviews).toBe(false);
    expect(() => parseEnv({ LINK_PREVIEWS: 'off' })).toThrow(/LINK_PREVIEWS/);
    expect(() => parseEnv({ VOICE_DISCONNECT_GRACE_MS: '0' })).toThrow(/VOICE_DISCONNECT_GRACE_MS/);
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ PORT: 'abc', PUBLIC_URL: 'ftp://x', AUTH_SECRET: 'short' })).toThrow(
      /PORT.*PUBLIC_URL.*AUTH_SECRET/,
    );
    expect(() => parseEnv({ REDIS_URL: 'http://localhost' })).toThrow(/REDIS_URL/);
  });
});

describe('parseEnv: media', () => {
  it('has no media settings by default: embedded SFU on any port, no ICE servers, URL from the request', () => {
    expect(parseEnv({}).media).toEqual({
      publicUrl: null,
      udpPortRange: null,
      announcedIp: null,
      iceServers: [],
      turn: null,
      forceRelay: false,
      livekit: null,
    });
  });

  it('MEDIA_FORCE_RELAY sends clients through TURN only, and needs a TURN server to send them to', () => {
    const turn = { TURN_SECRET: 'coturn-static-auth-secret', TURN_URLS: 'turn:127.0.0.1:3478' };
    expect(parseEnv({ ...turn, MEDIA_FORCE_RELAY: 'true' }).media.forceRelay).toBe(true);
    expect(parseEnv({ ...turn, MEDIA_FORCE_RELAY: '0' }).media.forceRelay).toBe(false);
    const iceTurn = '[{"urls":["turn:turn.example.org"],"username":"u","credential":"c"}]';
    expect(parseEnv({ ICE_SERVERS: iceTurn, MEDIA_FORCE_RELAY: '1' }).media.forceRelay).toBe(true);
    expect(() => parseEnv({ MEDIA_FORCE_RELAY: 'true' })).toThrow(/MEDIA_FORCE_RELAY needs a TURN server/);
    expect(() => parseEnv({ ICE_SERVERS: '[{"urls":"stun:x"}]', MEDIA_FORCE_RELAY: 'true' })).toThrow(
      /MEDIA_FORCE_RELAY/,
    );
    expect(() => parseEnv({ ...turn, MEDIA_FORCE_RELAY: 'yes' })).toThrow(/MEDIA_FORCE_RELAY/);
  });

  it('reads ports, the announced address, ICE servers, TURN and MEDIA_URL', () => {
    const media = parseEnv({
      MEDIA_UDP_PORTS: '50000-50100',
      MEDIA_ANNOUNCED_IP: '203.0.113.7',
      ICE_SERVERS:
        '[{"urls":"stun:stun.example.org:3478"},{"urls":["turn:a","turn:b"],"username":"u","credential":"c"}]',
      TURN_SECRET: 'coturn-static-auth-secret',
      TURN_URLS: 'turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
      MEDIA_URL: 'wss://media.example.org/',
    }).media;
    expect(media).toMatchObject({
      publicUrl: 'wss://media.example.org',
      udpPortRange: { min: 50_000, max: 50_100 },
      announcedIp: '203.0.113.7',
      iceServers: [
        { urls: ['stun:stun.example.org:3478'] },
        { urls: ['turn:a', 'turn:b'], username: 'u', credential: 'c' },
      ],
      turn: {
        secret: 'coturn-static-auth-secret',
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        ttlSeconds: 6 * 3600,
      },
      livekit: null,
    });
  });

  it('LIVEKIT_URL with its key and secret switches to an external LiveKit; all three or none', () => {
    const livekit = { LIVEKIT_URL: 'wss://lk.example.org', LIVEKIT_API_KEY: 'APIkey', LIVEKIT_API_SECRET: 'secret' };
    expect(parseEnv(livekit).media.livekit).toEqual({
      url: 'wss://lk.example.org',
      apiKey: 'APIkey',
      apiSecret: 'secret',
    });
    expect(() => parseEnv({ LIVEKIT_URL: livekit.LIVEKIT_URL })).toThrow(
      /LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET/,
    );
    expect(() => parseEnv({ TURN_SECRET: 'coturn-static-auth-secret' })).toThrow(/TURN_SECRET and TURN_URLS/);
  });

  it('names each malformed media variable', () => {
    expect(() => parseEnv({ MEDIA_UDP_PORTS: '5000' })).toThrow(/MEDIA_UDP_PORTS/);
    expect(() => parseEnv({ MEDIA_UDP_PORTS: '6000-5000' })).toThrow(/MEDIA_UDP_PORTS/);
    expect(() => parseEnv({ MEDIA_ANNOUNCED_IP: 'example.org' })).toThrow(/MEDIA_ANNOUNCED_IP/);
    expect(() => parseEnv({ ICE_SERVERS: 'stun:x' })).toThrow(/ICE_SERVERS must be JSON/);
    expect(() => parseEnv({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
    expect(() => parseEnv({ MEDIA_URL: 'https://media.example.org' })).toThrow(/MEDIA_URL/);
    expect(() => parseEnv({ LIVEKIT_URL: 'http://lk', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's' })).toThrow(
      /LIVEKIT_URL/,
    );
  });
});

describe('loadConfig', () => {
  it('creates a secret once in DATA_DIR (mode 0600) and reuses it on the next start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'beseda-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(file, 'utf8')).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('prefers AUTH_SECRET from the environment', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'beseda-config-'));
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
  });
});
