import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { SEND_RETRY_MAX_MS, SERVER_ERROR_ATTEMPTS, sendRetryVerdict } from './send-retry';

const api = (status: number, retryAfterMs: number | null = null) =>
  new ApiError(status, status === 429 ? 'RATE_LIMITED' : 'INTERNAL', 'x', {}, retryAfterMs);

describe('sendRetryVerdict', () => {
  it('retries no answer with a doubling, capped delay, for as long as it takes', () => {
    const offline = new NetworkError('Network request failed');
    expect(sendRetryVerdict(offline, 0)).toEqual({ retryInMs: 500 });
    expect(sendRetryVerdict(offline, 1)).toEqual({ retryInMs: 1000 });
    expect(sendRetryVerdict(offline, 50)).toEqual({ retryInMs: SEND_RETRY_MAX_MS });
  });

  it('waits out a 429’s Retry-After', () => {
    expect(sendRetryVerdict(api(429, 4000), 0)).toEqual({ retryInMs: 4000 });
    expect(sendRetryVerdict(api(429), 2)).toEqual({ retryInMs: 2000 });
    expect(sendRetryVerdict(api(429, 1000), 99)).toEqual({ retryInMs: 1000 });
  });

  it('retries a server error a bounded number of times', () => {
    expect(sendRetryVerdict(api(503), 0)).toEqual({ retryInMs: 500 });
    expect(sendRetryVerdict(api(500), SERVER_ERROR_ATTEMPTS - 1)).not.toBe('failed');
    expect(sendRetryVerdict(api(500), SERVER_ERROR_ATTEMPTS)).toBe('failed');
  });

  it('fails what the server refused: it would refuse it again', () => {
    for (const status of [400, 401, 403, 404, 413, 426]) expect(sendRetryVerdict(api(status), 0)).toBe('failed');
    expect(sendRetryVerdict(new TypeError('bug'), 0)).toBe('failed');
  });
});
