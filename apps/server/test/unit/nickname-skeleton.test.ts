import { describe, expect, it } from 'vitest';
import { nicknameSkeletons } from '../../src/features/accounts/nickname-skeleton.js';

/** True when the two nicknames share either key, i.e. the second would be refused once the first exists. */
function collide(a: string, b: string): boolean {
  const [x, y] = [nicknameSkeletons(a), nicknameSkeletons(b)];
  return x.nicknameSkeleton === y.nicknameSkeleton || x.nicknameFoldedSkeleton === y.nicknameFoldedSkeleton;
}

describe('nickname skeletons', () => {
  it('match nicknames that differ by case or by look-alike letters of another script', () => {
    for (const [a, b] of [
      ['admin', 'Admin'],
      ['admin', 'ADMIN'],
      ['admin', 'аdmin'], // Cyrillic а
      ['Admin', 'Аdmin'], // Cyrillic А
      ['Вася', 'Bacя'], // Latin B, a, c
      ['Вася', 'ВАСЯ'],
      ['Ivan', 'lvan'], // capital I, small L
      ['mike', 'rnike'],
      ['bob_0', 'bob_O'],
      ['Straße', 'Strasse'],
      ['Ｍｉｋｅ', 'mike'], // fullwidth
    ]) {
      expect(collide(a as string, b as string), `${a} / ${b}`).toBe(true);
    }
  });

  it('keep different-looking nicknames apart', () => {
    for (const [a, b] of [
      ['admin', 'admins'],
      ['вася', 'bacя'], // small Cyrillic в does not look like b
      ['ivan', 'lvan'],
      ['user_1a', 'user_2a'],
      ['Петя', 'Петр'],
    ]) {
      expect(collide(a as string, b as string), `${a} / ${b}`).toBe(false);
    }
  });

  it('is stable: the same nickname always gives the same keys', () => {
    expect(nicknameSkeletons('Ёжик_42')).toEqual(nicknameSkeletons('Ёжик_42'));
    expect(nicknameSkeletons('Ёжик_42')).toEqual(nicknameSkeletons('Ёжик_42'.normalize('NFD')));
  });
});
