/** Muted backgrounds for initials: white text on each is at least 4.5:1 (WCAG AA; avatar.test.ts checks it). */
export const AVATAR_COLOURS = ['#5b5cf0', '#2f834a', '#a76421', '#c2415d', '#1b7f93', '#8c5ad3', '#a46727', '#4c6fd1'];

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
