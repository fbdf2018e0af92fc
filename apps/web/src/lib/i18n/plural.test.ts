import { describe, expect, it } from 'vitest';
import { pluralRu } from './plural';

const minutes = { one: 'минута', few: 'минуты', many: 'минут' };

describe('pluralRu', () => {
  it.each([
    [1, 'минута'],
    [21, 'минута'],
    [101, 'минута'],
    [2, 'минуты'],
    [4, 'минуты'],
    [22, 'минуты'],
    [5, 'минут'],
    [11, 'минут'],
    [12, 'минут'],
    [14, 'минут'],
    [0, 'минут'],
    [111, 'минут'],
    [1.5, 'минуты'],
  ])('%s → %s', (n, expected) => {
    expect(pluralRu(n, minutes)).toBe(expected);
  });

  it('uses the explicit form for fractions when given', () => {
    expect(pluralRu(2.5, { ...minutes, other: 'минуты (дробь)' })).toBe('минуты (дробь)');
  });
});
