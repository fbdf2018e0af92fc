/** Muted, readable backgrounds for initials (white text passes contrast on each). */
export const AVATAR_COLOURS = ['#5b5cf0', '#3ba55d', '#d9822b', '#c2415d', '#1f8fa6', '#8e5bd6', '#b3712b', '#4c6fd1'];

/** Stable colour per user id: FNV-1a over the UTF-16 code units. */
export function avatarColour(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return AVATAR_COLOURS[(hash >>> 0) % AVATAR_COLOURS.length] ?? '#5b5cf0';
}

/** Up to two letters: the first of each of the first two words, else the first two characters. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_.-]+/u)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters =
    words.length >= 2
      ? [...(words[0] ?? '')].slice(0, 1).concat([...(words[1] ?? '')].slice(0, 1))
      : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase();
}
