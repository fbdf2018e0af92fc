import unhomoglyph from 'unhomoglyph';

/** The two keys a nickname must not share with any other account's. */
export interface NicknameSkeletons {
  /** As typed: «Вася» with a Cyrillic В and «Bacя» with a Latin B; «Ivan» with a capital I and «lvan». */
  nicknameSkeleton: string;
  /** Case-folded: «Admin», «admin» and «аdmin» with a Cyrillic а. */
  nicknameFoldedSkeleton: string;
}

/**
 * What a nickname looks like, as comparable keys. Each is Unicode TR39's skeleton: NFD, every character replaced by
 * its prototype from Unicode's confusables.txt (the `unhomoglyph` table), NFD again; «rn» and «m» share one. Case
 * folding before it catches nicknames that differ only by case, but it also hides look-alike capitals (Cyrillic «В»
 * folds to «в», which looks nothing like «b»), so the skeleton of the nickname as typed is a second key. The fold is
 * NFKC, then upper- and lower-casing (JavaScript has no full case fold; the round trip also folds ß to ss).
 *
 * Nicknames stay case-sensitive (the spec's tag): the keys only refuse a new nickname that would pass for an existing
 * one. They are not text for people.
 */
export function nicknameSkeletons(nickname: string): NicknameSkeletons {
  return {
    nicknameSkeleton: skeleton(nickname),
    nicknameFoldedSkeleton: skeleton(nickname.normalize('NFKC').toUpperCase().toLowerCase()),
  };
}

function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}
