import { describe, expect, it } from 'vitest';
import { admitPublication, NO_POSITIONS, positionAfterSubscribe, type StreamPositions } from './stream-guard';

const channel = 'notification:user#u1';

function admitAll(positions: StreamPositions, offsets: number[]): { positions: StreamPositions; accepted: number[] } {
  const accepted: number[] = [];
  let current = positions;
  for (const offset of offsets) {
    const verdict = admitPublication(current, channel, offset);
    current = verdict.positions;
    if (verdict.accept) accepted.push(offset);
  }
  return { positions: current, accepted };
}

describe('stream guard', () => {
  it('takes the first subscribe position as the baseline', () => {
    const positions = positionAfterSubscribe(NO_POSITIONS, channel, {
      wasRecovering: false,
      recovered: false,
      streamPosition: { offset: 5, epoch: 'e1' },
    });
    expect(admitAll(positions, [5, 6, 7]).accepted).toEqual([6, 7]);
  });

  it('drops duplicates and stale offsets', () => {
    const start = positionAfterSubscribe(NO_POSITIONS, channel, {
      wasRecovering: false,
      recovered: false,
      streamPosition: { offset: 0, epoch: 'e1' },
    });
    expect(admitAll(start, [1, 2, 2, 1, 3, 3]).accepted).toEqual([1, 2, 3]);
  });

  it('keeps the position through a recovered resubscribe, so the missed publications are applied once', () => {
    const start = positionAfterSubscribe(NO_POSITIONS, channel, {
      wasRecovering: false,
      recovered: false,
      streamPosition: { offset: 0, epoch: 'e1' },
    });
    const { positions } = admitAll(start, [1, 2]);
    const recovered = positionAfterSubscribe(positions, channel, {
      wasRecovering: true,
      recovered: true,
      streamPosition: { offset: 5, epoch: 'e1' },
    });
    expect(recovered).toBe(positions);
    expect(admitAll(recovered, [2, 3, 4, 5, 5]).accepted).toEqual([3, 4, 5]);
  });

  it('resets to the new top when the position could not be recovered', () => {
    const { positions } = admitAll(
      positionAfterSubscribe(NO_POSITIONS, channel, {
        wasRecovering: false,
        recovered: false,
        streamPosition: { offset: 40, epoch: 'e1' },
      }),
      [41],
    );
    const reset = positionAfterSubscribe(positions, channel, {
      wasRecovering: true,
      recovered: false,
      streamPosition: { offset: 3, epoch: 'e2' },
    });
    expect(admitAll(reset, [3, 4]).accepted).toEqual([4]);
  });

  it('does not trust a "recovered" reply from another epoch', () => {
    const start = positionAfterSubscribe(NO_POSITIONS, channel, {
      wasRecovering: false,
      recovered: false,
      streamPosition: { offset: 9, epoch: 'e1' },
    });
    const next = positionAfterSubscribe(start, channel, {
      wasRecovering: true,
      recovered: true,
      streamPosition: { offset: 2, epoch: 'e2' },
    });
    expect(next.get(channel)).toEqual({ offset: 2, epoch: 'e2' });
  });

  it('delivers publications without offsets', () => {
    expect(admitPublication(NO_POSITIONS, channel, undefined).accept).toBe(true);
  });
});
