import { describe, expect, it } from 'vitest';
import { EMPTY_OUTBOX, enqueue, markFailed, markRetrying, nextToSend, pendingIn, settle } from './outbox';

const entry = (clientId: string, createdAt = '2025-03-05T10:00:00.000Z', chatId = 'c1') => ({
  clientId,
  chatId,
  content: 'hi',
  entities: [],
  noLinkPreview: false,
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

  it('lists a chat’s pending messages in the order they were written, even within one millisecond', () => {
    // Random client ids and equal clocks: only the sequence says which Enter came first.
    let outbox = enqueue(EMPTY_OUTBOX, entry('zz'));
    outbox = enqueue(outbox, entry('aa'));
    outbox = enqueue(outbox, entry('k3', '2025-03-05T09:00:00.000Z', 'c2'));
    outbox = enqueue(outbox, entry('mm'));
    expect(pendingIn(outbox, 'c1').map((item) => item.clientId)).toEqual(['zz', 'aa', 'mm']);
  });

  it('sends next the first message still sending, skipping failed ones', () => {
    let outbox = enqueue(EMPTY_OUTBOX, entry('k1'));
    outbox = enqueue(outbox, entry('k2'));
    outbox = enqueue(outbox, entry('k3', undefined, 'c2'));
    expect(nextToSend(outbox, 'c1')?.clientId).toBe('k1');
    outbox = markFailed(outbox, 'k1');
    expect(nextToSend(outbox, 'c1')?.clientId).toBe('k2');
    expect(nextToSend(settle(outbox, 'k2'), 'c1')).toBeUndefined();
  });

  it('puts a retried message behind the ones waiting: it is sent, and shown, after them', () => {
    let outbox = enqueue(EMPTY_OUTBOX, entry('k1'));
    outbox = enqueue(outbox, entry('k2'));
    outbox = markRetrying(markFailed(outbox, 'k1'), 'k1');
    expect(pendingIn(outbox, 'c1').map((item) => item.clientId)).toEqual(['k2', 'k1']);
    expect(nextToSend(outbox, 'c1')?.clientId).toBe('k2');
  });
});
