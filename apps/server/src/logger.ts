import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogFormat, LogLevel } from './config.js';
import { withoutQueryValues } from './log-scrub.js';
import { prettyDestination } from './pretty-log.js';

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

function stderrDestination(format: LogFormat): DestinationStream {
  const stderr = pino.destination({ dest: 2, sync: true });
  // Colours only for a terminal that shows them (NO_COLOR: https://no-color.org).
  return format === 'pretty' ? prettyDestination(stderr, process.stderr.isTTY && !process.env.NO_COLOR) : stderr;
}

/**
 * Log lines on stderr — JSON, or pretty for a terminal (config.ts decides): stdout carries only the one
 * "Beseda is running at …" line, so scripts and tests can wait for it without parsing logs. Every `err` is logged
 * without the values of a failed query (log-scrub.ts). Tests may pass their own `destination` to read what was
 * logged.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream, format: LogFormat = 'json'): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination ?? stderrDestination(format),
  );
}
