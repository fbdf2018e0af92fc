import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.js';

/** Secrets that must never reach a log line, wherever a serializer or a handler happens to put them. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'body.password',
];

/**
 * JSON lines on stderr: stdout carries only the one "Beseda is running at …" line, so scripts and tests can wait
 * for it without parsing logs.
 */
export function createLogger(level: LogLevel): Logger {
  return pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    pino.destination({ dest: 2, sync: true }),
  );
}
