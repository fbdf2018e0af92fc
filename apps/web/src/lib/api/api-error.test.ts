import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-error';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-05T10:00:00.000Z');

  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Wed, 05 Mar 2025 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 05 Mar 2025 09:59:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
