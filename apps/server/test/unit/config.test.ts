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

  it('names every invalid variable', () => {
    expect(() => parseEnv({ PORT: 'abc', PUBLIC_URL: 'ftp://x', AUTH_SECRET: 'short' })).toThrow(
      /PORT.*PUBLIC_URL.*AUTH_SECRET/,
    );
    expect(() => parseEnv({ REDIS_URL: 'http://localhost' })).toThrow(/REDIS_URL/);
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
