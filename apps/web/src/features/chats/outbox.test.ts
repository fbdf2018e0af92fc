import { describe, expect, it } from 'vitest';
import { EMPTY_OUTBOX, enqueue, markFailed, markRetrying, pendingIn, settle } from './outbox';

const entry = (clientId: string, createdAt = '2025-03-05T10:00:00.000Z', chatId = 'c1') => ({
  clientId,
  chatId,
  content: 'hi',
  entities: [],
  createdAt,
});

describe('outbox', () => {
  it('enqueues as sending, once per client id', () => {
    const outbox = enqueue(EMPTY_OUTBOX, entry('k1'));
    expect(outbox.k1?.status).toBe('sending');
    expect(enqueue(outbox, entry('k1'))).toBe(outbox);
  });

  it('goes sending → failed → sending (retry keeps the client id) → settled', () => {
    const failed = markFailed(enqueue(EMPTY_OUTBOX, entry('k1')), 'k1');
    expect(failed.k1?.status).toBe('failed');
    expect(markFailed(failed, 'k1')).toBe(failed);
    const retrying = markRetrying(failed, 'k1');
    expect(retrying.k1).toMatchObject({ clientId: 'k1', status: 'sending' });
    expect(markRetrying(retrying, 'k1')).toBe(retrying);
    expect(settle(retrying, 'k1')).toEqual({});
  });

  it('settles once, whichever of the answer and the echo comes first', () => {
    const settled = settle(enqueue(EMPTY_OUTBOX, entry('k1')), 'k1');
    expect(settle(settled, 'k1')).toBe(settled);
    expect(settle(settled, null)).toBe(settled);
  });

  it('does not fail or retry what was already settled', () => {
    const settled = settle(enqueue(EMPTY_OUTBOX, entry('k1')), 'k1');
    expect(markFailed(settled, 'k1')).toBe(settled);
    expect(markRetrying(settled, 'k1')).toBe(settled);
  });

  it('lists a chat’s pending messages oldest first', () => {
    let outbox = enqueue(EMPTY_OUTBOX, entry('k2', '2025-03-05T10:00:02.000Z'));
    outbox = enqueue(outbox, entry('k1', '2025-03-05T10:00:01.000Z'));
    outbox = enqueue(outbox, entry('k3', '2025-03-05T10:00:00.000Z', 'c2'));
    expect(pendingIn(outbox, 'c1').map((item) => item.clientId)).toEqual(['k1', 'k2']);
  });
});
