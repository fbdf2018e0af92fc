import type { DestinationStream } from 'pino';

/** pino's numeric levels → what a person reads; padded so messages line up. */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** ANSI colours per level: warnings and errors stand out, the rest stays quiet. */
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '35' };

/** Fields every line carries that a person at a terminal does not need. */
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

interface LogRecord {
  level?: unknown;
  time?: unknown;
  msg?: unknown;
  err?: unknown;
  [key: string]: unknown;
}

function paint(colour: string | undefined, text: string, colours: boolean): string {
  return colours && colour ? `\u001b[${colour}m${text}\u001b[0m` : text;
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function fieldValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The stack when pino's serializer kept one (it starts with the message), else the message alone. */
function errorText(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return err === undefined ? null : fieldValue(err);
  const { stack, message } = err as { stack?: unknown; message?: unknown };
  if (typeof stack === 'string') return stack;
  return typeof message === 'string' ? message : JSON.stringify(err);
}

/** One pino JSON line → `12:03:04 WARN  message key=value`, with an error's stack indented below. */
export function formatLogLine(line: string, colours: boolean): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = typeof record.level === 'number' ? record.level : 30;
  const fields = Object.entries(record)
    .filter(([key]) => !OMITTED.has(key))
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  const head = [
    paint('90', clock(record.time), colours),
    paint(LEVEL_COLOURS[level], LEVEL_NAMES[level] ?? String(level), colours),
    typeof record.msg === 'string' ? record.msg : '',
    ...fields.map((field) => paint('90', field, colours)),
  ]
    .filter((part) => part !== '')
    .join(' ');
  const error = errorText(record.err);
  const body = error === null ? '' : `\n${error.replace(/^/gm, '    ')}`;
  return `${head}${body}\n`;
}

/**
 * A pino destination that writes each line pretty. pino-pretty is not a dependency; this is the little of it a
 * terminal needs. Redaction and the log scrubbing have already run: this only reformats what pino serialized.
 */
export function prettyDestination(target: { write(text: string): unknown }, colours: boolean): DestinationStream {
  return { write: (line: string) => void target.write(formatLogLine(line, colours)) };
}
