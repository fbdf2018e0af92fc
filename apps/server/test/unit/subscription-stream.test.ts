import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Publication, StreamPosition } from '../../src/realtime/broker.js';
import { Disconnects } from '../../src/realtime/codes.js';
import type { StreamVerdict } from '../../src/realtime/subscription-stream.js';
import { SubscriptionStream } from '../../src/realtime/subscription-stream.js';

const CHANNEL = 'notification:user#u1';

function pub(offset: number, epoch = 'e1'): Publication {
  return { offset, epoch, data: `{"n":${offset}}` };
}

function at(offset: number, epoch = 'e1'): StreamPosition {
  return { offset, epoch };
}

/** A stream already live at `position`, as after a subscribe reply with nothing held. */
function liveAt(position: StreamPosition): SubscriptionStream {
  const stream = new SubscriptionStream(CHANNEL, 100);
  expect(stream.start(position)).toEqual({ publications: [], failure: null });
  return stream;
}

const insufficientState = (detail: string): StreamVerdict => ({
  action: 'disconnect',
  disconnect: Disconnects.insufficientState,
  detail,
});

describe('SubscriptionStream while the subscribe reply is prepared', () => {
  it('holds live publications, then releases those newer than the reply, in arrival order', () => {
    const stream = new SubscriptionStream(CHANNEL, 100);
    expect(stream.receive(pub(4)).action).toBe('hold');
    expect(stream.receive(pub(5)).action).toBe('hold');
    expect(stream.receive(pub(6)).action).toBe('hold');

    const start = stream.start(at(3));

    expect(start.failure).toBeNull();
    expect(start.publications.map((p) => p.offset)).toEqual([4, 5, 6]);
    expect(stream.position()).toEqual(at(6));
    expect(stream.receive(pub(7)).action).toBe('deliver');
  });

  it('drops held publications the reply already carries (history read after they arrived)', () => {
    const stream = new SubscriptionStream(CHANNEL, 100);
    stream.receive(pub(4));
    stream.receive(pub(5));
    stream.receive(pub(6));

    // The history was read after 4 and 5 were published: the reply carries them, positioned at 5.
    const start = stream.start(at(5));

    expect(start).toEqual({ publications: [pub(6)], failure: null });
    expect(stream.position()).toEqual(at(6));
  });

  it('releases nothing when the reply carries every held publication', () => {
    const stream = new SubscriptionStream(CHANNEL, 100);
    stream.receive(pub(1));
    stream.receive(pub(2));

    expect(stream.start(at(2))).toEqual({ publications: [], failure: null });
    expect(stream.receive(pub(2)).action).toBe('skip');
    expect(stream.receive(pub(3)).action).toBe('deliver');
  });

  it('releases the held publications before a gap among them, then asks for the disconnect', () => {
    const stream = new SubscriptionStream(CHANNEL, 100);
    stream.receive(pub(4));
    stream.receive(pub(6));
    stream.receive(pub(7));

    expect(stream.start(at(3))).toEqual({
      publications: [pub(4)],
      failure: insufficientState(`${CHANNEL}: expected 5, got 6`),
    });
  });

  it('asks for the disconnect when a held publication belongs to another epoch than the reply', () => {
    const stream = new SubscriptionStream(CHANNEL, 100);
    stream.receive(pub(1, 'e2'));

    expect(stream.start(at(3, 'e1'))).toEqual({
      publications: [],
      failure: insufficientState(`${CHANNEL}: expected 4, got 1`),
    });
  });

  it('counts the client as too slow (3008) when more publications arrive than it may hold', () => {
    const stream = new SubscriptionStream(CHANNEL, 2);
    expect(stream.receive(pub(1)).action).toBe('hold');
    expect(stream.receive(pub(2)).action).toBe('hold');

    expect(stream.receive(pub(3))).toEqual({
      action: 'disconnect',
      disconnect: Disconnects.slow,
      detail: 'too many publications while subscribing',
    });
  });
});

describe('SubscriptionStream once live', () => {
  it('delivers consecutive publications in order and follows their offset', () => {
    const stream = liveAt(at(0));
    for (const offset of [1, 2, 3]) expect(stream.receive(pub(offset)).action).toBe('deliver');
    expect(stream.position()).toEqual(at(3));
  });

  it('skips a publication the broker delivers twice', () => {
    const stream = liveAt(at(5));
    expect(stream.receive(pub(6)).action).toBe('deliver');

    expect(stream.receive(pub(6)).action).toBe('skip');
    expect(stream.receive(pub(4)).action).toBe('skip');

    expect(stream.position()).toEqual(at(6));
    expect(stream.receive(pub(7)).action).toBe('deliver');
  });

  it('disconnects with insufficient state (3010) on an offset gap', () => {
    const stream = liveAt(at(5));

    expect(stream.receive(pub(7))).toEqual(insufficientState(`${CHANNEL}: expected 6, got 7`));
  });

  it('disconnects with insufficient state (3010) on an epoch change, even when the offset would follow', () => {
    const stream = liveAt(at(5, 'e1'));

    expect(stream.receive(pub(6, 'e2'))).toEqual(insufficientState(`${CHANNEL}: expected 6, got 6`));
  });

  it('does not mistake a restarted stream (new epoch, low offset) for a duplicate', () => {
    const stream = liveAt(at(5, 'e1'));

    expect(stream.receive(pub(1, 'e2'))).toEqual(insufficientState(`${CHANNEL}: expected 6, got 1`));
  });

  it('answers the fan-out path with shared verdicts, allocating nothing per publication', () => {
    const stream = liveAt(at(0));
    const first = stream.receive(pub(1));
    const second = stream.receive(pub(2));
    expect(second).toBe(first);
    expect(stream.receive(pub(2))).toBe(stream.receive(pub(1)));
  });
});

describe('SubscriptionStream properties', () => {
  /**
   * The model: the connection is registered from offset `first` on, so the broker delivers `first`…`top` in order,
   * some of them again later (a duplicate of any earlier offset); the first `held` arrive before the subscribe reply,
   * the rest after it; the reply's history was read at any point from just before `first` up to `top`. The client
   * must get every offset after the reply's position exactly once, in order, and never be disconnected.
   */
  it('delivers each publication after the reply exactly once, in order, whatever the timing and duplicates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.option(fc.nat()), { minLength: 30, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (first, count, duplicates, positionSeed, heldSeed) => {
          const top = first + count - 1;
          const arrivals: Publication[] = [];
          for (let offset = first; offset <= top; offset += 1) {
            arrivals.push(pub(offset));
            const again = duplicates[offset - first];
            if (again !== null && again !== undefined) arrivals.push(pub(first + (again % (offset - first + 1))));
          }
          const position = first - 1 + (positionSeed % (count + 1));
          const held = heldSeed % (arrivals.length + 1);

          const stream = new SubscriptionStream(CHANNEL, 1000);
          for (const p of arrivals.slice(0, held)) expect(stream.receive(p).action).toBe('hold');
          const start = stream.start(at(position));
          expect(start.failure).toBeNull();
          const delivered = start.publications.map((p) => p.offset);
          for (const p of arrivals.slice(held)) {
            const verdict = stream.receive(p);
            expect(verdict.action).not.toBe('disconnect');
            if (verdict.action === 'deliver') delivered.push(p.offset);
          }

          expect(delivered).toEqual(Array.from({ length: top - position }, (_, i) => position + i + 1));
        },
      ),
      { numRuns: 300 },
    );
  });
});
