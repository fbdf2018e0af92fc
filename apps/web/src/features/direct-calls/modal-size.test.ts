import { describe, expect, it } from 'vitest';
import { clampCallHeight, CALL_DEFAULT_HEIGHT, CALL_MIN_HEIGHT } from './call-height';
import { callAvatarSize, callModalSize } from './modal-size';

describe('direct call modal size (spec §2: S, M, L)', () => {
  it('S on a phone, L on a large window, M otherwise', () => {
    expect(callModalSize(390, 844)).toBe('S');
    expect(callModalSize(1280, 800)).toBe('M');
    expect(callModalSize(1920, 1080)).toBe('L');
    expect(callModalSize(1920, 700)).toBe('M');
    expect(callAvatarSize('S')).toBeLessThan(callAvatarSize('M'));
    expect(callAvatarSize('M')).toBeLessThan(callAvatarSize('L'));
  });
});

describe('the call stage height in a chat', () => {
  it('stays between its minimum and what leaves the messages room', () => {
    expect(clampCallHeight(100, 800)).toBe(CALL_MIN_HEIGHT);
    expect(clampCallHeight(700, 800)).toBe(600);
    expect(clampCallHeight(450.4, 800)).toBe(450);
    expect(clampCallHeight(Number.NaN, 800)).toBe(CALL_DEFAULT_HEIGHT);
    // A tiny window: the minimum wins.
    expect(clampCallHeight(300, 300)).toBe(CALL_MIN_HEIGHT);
  });
});
