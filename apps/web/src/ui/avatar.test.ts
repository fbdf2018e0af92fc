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
