import { randomBytes } from 'node:crypto';

/** LiveKit-style sids: a type prefix and 12 random base-32-ish characters (`PA_…`, `TR_…`, `RM_…`). */
export function newSid(prefix: 'PA' | 'TR' | 'RM'): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}
