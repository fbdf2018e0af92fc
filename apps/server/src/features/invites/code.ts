import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const INVITE_CODE_LENGTH = 10;

/**
 * 10 characters of [A-Za-z0-9] from the CSPRNG (~59.5 bits): URL-safe, easy to copy, and not guessable — the
 * preview and accept routes are rate limited on top.
 */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return code;
}
