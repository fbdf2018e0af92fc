import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config.js';
import { withoutQueryValues } from './log-scrub.js';

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

function serializeError(error: unknown): unknown {
  const scrubbed = withoutQueryValues(error);
  return scrubbed instanceof Error ? pino.stdSerializers.err(scrubbed) : scrubbed;
}

/**
 * JSON lines on stderr: stdout carries only the one "Beseda is running at …" line, so scripts and tests can wait
 * for it without parsing logs. Every `err` is logged without the values of a failed query (log-scrub.ts). Tests may
 * pass their own `destination` to read what was logged.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination ?? pino.destination({ dest: 2, sync: true }),
  );
}
