import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { formatLogLine, prettyDestination } from '../../src/pretty-log.js';

function prettyLines(write: (logger: Logger) => void): string {
  let text = '';
  const logger = createLogger('info', prettyDestination({ write: (chunk: string) => (text += chunk) }, false));
  write(logger);
  return text;
}

describe('pretty log lines', () => {
  it('prints the time, the level, the message and the extra fields, without pid and hostname', () => {
    const text = prettyLines((logger) => logger.warn({ channel: 'chat:1', waiting: 3 }, 'outbox relay: broker down'));
    expect(text).toMatch(/^\d\d:\d\d:\d\d WARN {2}outbox relay: broker down channel=chat:1 waiting=3\n$/);
    expect(text).not.toContain('pid');
    expect(text).not.toContain('{');
  });

  it('puts an error’s stack below its line, indented', () => {
    const text = prettyLines((logger) => logger.error({ err: new Error('boom') }, 'request failed'));
    const [head, stack] = text.split('\n');
    expect(head).toMatch(/ERROR request failed$/);
    expect(stack).toBe('    Error: boom');
  });

  it('still redacts secrets (the formatter sees what pino serialized)', () => {
    const text = prettyLines((logger) => logger.info({ password: 'hunter2' }, 'sign-in'));
    expect(text).toContain('password=[redacted]');
    expect(text).not.toContain('hunter2');
  });

  it('colours the level only when asked', () => {
    const line = JSON.stringify({ level: 50, time: 0, msg: 'x' });
    expect(formatLogLine(line, true)).toContain('\u001b[31mERROR\u001b[0m');
    expect(formatLogLine(line, false)).not.toContain('\u001b');
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(formatLogLine('plain text', false)).toBe('plain text\n');
  });
});
