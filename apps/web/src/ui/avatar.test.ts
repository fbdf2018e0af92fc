import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, initials } from './avatar-colour';

describe('avatar helpers', () => {
  it('picks a stable colour from the palette', () => {
    expect(avatarColour('user-1')).toBe(avatarColour('user-1'));
    expect(AVATAR_COLOURS).toContain(avatarColour('anything'));
  });

  it('builds initials', () => {
    expect(initials('anna')).toBe('AN');
    expect(initials('Анна Петрова')).toBe('АП');
    expect(initials('ivan_petrov')).toBe('IP');
    expect(initials('  ')).toBe('?');
  });
});

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describe('avatar colours', () => {
  it.each(AVATAR_COLOURS)('white initials on %s reach 4.5:1', (colour) => {
    expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
