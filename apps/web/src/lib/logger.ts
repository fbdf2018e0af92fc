/**
 * The application logger of spec §3/§9: structured records kept in a bounded ring buffer so a user can hand us
 * the log (Ctrl+Shift+L) without any server-side collection.
 */
export const LOG_LEVELS = ['debug', 'log', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type RecordLevel = Exclude<LogLevel, 'silent'>;

export interface LogRecord {
  timestamp: string;
  level: RecordLevel;
  context: string;
  message: string;
  data?: unknown;
  traceId: string;
}

export const LOG_BUFFER_SIZE = 2000;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Spec §9: 8 random bytes in hex plus 4 time-based hex characters (20 characters in all). */
export function createTraceId(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(8));
  return toHex(random) + (now & 0xffff).toString(16).padStart(4, '0');
}

/** A fixed-size buffer: once full, each new record overwrites the oldest. */
export class RingBuffer<T> {
  readonly #items: (T | undefined)[];
  #next = 0;
  #size = 0;

  constructor(readonly capacity: number) {
    this.#items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    this.#items[this.#next] = item;
    this.#next = (this.#next + 1) % this.capacity;
    this.#size = Math.min(this.#size + 1, this.capacity);
  }

  /** Oldest first. */
  toArray(): T[] {
    const start = this.#size < this.capacity ? 0 : this.#next;
    const out: T[] = [];
    for (let i = 0; i < this.#size; i += 1) {
      const item = this.#items[(start + i) % this.capacity];
      if (item !== undefined) out.push(item);
    }
    return out;
  }
}

const LEVEL_RANK: Record<LogLevel, number> = { debug: 0, log: 1, warn: 2, error: 3, silent: 4 };

export interface Logger {
  debug(message: string, data?: unknown, traceId?: string): void;
  log(message: string, data?: unknown, traceId?: string): void;
  warn(message: string, data?: unknown, traceId?: string): void;
  error(message: string, data?: unknown, traceId?: string): void;
  child(context: string): Logger;
}

let currentLevel: LogLevel = 'debug';
const buffer = new RingBuffer<LogRecord>(LOG_BUFFER_SIZE);

export function setLogLevel(level: LogLevel): void {
  currentLevel = level;
}

export function getLogRecords(): LogRecord[] {
  return buffer.toArray();
}

/** Errors do not survive JSON.stringify; keep their useful parts. */
function serialisable(data: unknown): unknown {
  if (data instanceof Error) return { name: data.name, message: data.message, stack: data.stack };
  return data;
}

function write(level: RecordLevel, context: string, message: string, data: unknown, traceId?: string): void {
  if (LEVEL_RANK[level] < LEVEL_RANK[currentLevel]) return;
  const record: LogRecord = {
    timestamp: new Date().toISOString(),
    level,
    context,
    message,
    traceId: traceId ?? createTraceId(),
  };
  if (data !== undefined) record.data = serialisable(data);
  buffer.push(record);
  const line = `[${context}] ${message}`;
  const args = data === undefined ? [line] : [line, data];
  // The console is the developer's view of the same records.
  console[level === 'log' ? 'info' : level](...args);
}

export function createLogger(context: string): Logger {
  return {
    debug: (message, data, traceId) => write('debug', context, message, data, traceId),
    log: (message, data, traceId) => write('log', context, message, data, traceId),
    warn: (message, data, traceId) => write('warn', context, message, data, traceId),
    error: (message, data, traceId) => write('error', context, message, data, traceId),
    child: (sub) => createLogger(`${context}:${sub}`),
  };
}

export function serialiseLog(records: readonly LogRecord[]): string {
  return records.map((record) => JSON.stringify(record)).join('\n') + (records.length > 0 ? '\n' : '');
}

/** Records that are state rather than history (the current client errors), written after the buffer. */
export type LogSnapshot = () => readonly LogRecord[];

/** The downloaded file: the buffer, oldest first, then the snapshot taken now. */
export function logFileText(snapshot: LogSnapshot = () => []): string {
  return serialiseLog([...getLogRecords(), ...snapshot()]);
}

/** `beseda-log-2025-01-31T09-15-00-000Z.jsonl`: sortable, and nothing a file system refuses. */
export function logFileName(now: Date): string {
  return `beseda-log-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`;
}

/** How the log leaves the app: a download in the browser, the native save dialog in the desktop app. */
export type LogExport = (now: Date, snapshot?: LogSnapshot) => void;

/** Spec §2: Ctrl+Shift+L downloads the application log as a JSON-lines file. */
export function downloadLog(now: Date = new Date(), snapshot?: LogSnapshot): void {
  const blob = new Blob([logFileText(snapshot)], { type: 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = logFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function isLogHotkey(event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'code'>): boolean {
  return event.ctrlKey && event.shiftKey && !event.altKey && event.code === 'KeyL';
}

export function installLogHotkey(
  target: Window = window,
  snapshot?: LogSnapshot,
  exportLog: LogExport = downloadLog,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isLogHotkey(event)) return;
    event.preventDefault();
    exportLog(new Date(), snapshot);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
