import { describe, expect, it } from 'vitest';
import { SeenEvents } from './seen-events';

describe('SeenEvents', () => {
  it('admits an id once', () => {
    const seen = new SeenEvents();
    expect(seen.admit('a')).toBe(true);
    expect(seen.admit('a')).toBe(false);
    expect(seen.admit('b')).toBe(true);
  });

  it('forgets the oldest ids beyond its capacity, and only those', () => {
    const seen = new SeenEvents(3);
    for (const id of ['a', 'b', 'c', 'd']) seen.admit(id);
    expect(seen.admit('d')).toBe(false);
    expect(seen.admit('b')).toBe(false);
    expect(seen.admit('a')).toBe(true);
  });
});
