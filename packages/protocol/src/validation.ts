import { z } from 'zod';

/**
 * Validation messages are i18n keys, not prose: the same schema validates a form in the browser and a body on
 * the server, and the web client turns the key into the ru catalogue's words (`validation.required` →
 * «Обязательное поле»). The server sends the keys back in `error.fields`.
 */
export const VALIDATION = {
  required: 'validation.required',
  invalidEmail: 'validation.invalidEmail',
  emailTooLong: 'validation.emailTooLong',
  nicknameFormat: 'validation.nicknameFormat',
  passwordLength: 'validation.passwordLength',
  passwordsMismatch: 'validation.passwordsMismatch',
  invalid: 'validation.invalid',
  invalidCharacters: 'validation.invalidCharacters',
} as const;

export type ValidationKey = (typeof VALIDATION)[keyof typeof VALIDATION];

const TAB = 0x09;
const LINE_FEED = 0x0a;
const FIRST_NON_CONTROL = 0x20;

function hasControlCharacter(value: string, allowLineBreaksAndTabs: boolean): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= FIRST_NON_CONTROL) continue;
    if (allowLineBreaksAndTabs && (code === TAB || code === LINE_FEED)) continue;
    return true;
  }
  return false;
}

/**
 * False for a value with a C0 control character (U+0000–U+001F): they mean nothing in a one-line field, and
 * PostgreSQL cannot even store U+0000, so such a value gets a field error instead of failing in the database.
 */
export function withoutControlCharacters(value: string): boolean {
  return !hasControlCharacter(value, false);
}

/** Message text keeps line feeds and tabs; every other C0 control character is refused. */
export function withoutTextControlCharacters(value: string): boolean {
  return !hasControlCharacter(value, true);
}

/**
 * Bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): in a name they reorder the text
 * around it wherever it is shown ("gnp.exe" tricks). Names refuse them rather than losing them silently, so what is
 * stored is exactly what was typed, and the browser form says why before anything is sent.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** False for a value with a bidi embedding, override or isolate control. */
export function withoutBidiControls(value: string): boolean {
  return value.search(BIDI_CONTROLS) === -1;
}

/** The text without bidi embedding, override and isolate controls (what clients show of message text). */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/** Spec §5: a non-space, non-@ run, then @, then a domain with at least one dot. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** Spec §5 (mention): 3 to 32 letters, digits or underscores. Nicknames follow the same rule so @nick always works. */
export const NICKNAME_MIN_LENGTH = 3;
export const NICKNAME_MAX_LENGTH = 32;
export const NICKNAME_PATTERN = /^[\p{L}\p{N}_]{3,32}$/u;

/** Beyond the spec: a password has 8 to 128 characters (argon2 input stays bounded). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Trimmed, non-empty, and free of control characters. */
export const requiredString = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .refine(withoutControlCharacters, { error: VALIDATION.invalidCharacters, abort: true });

export const emailField = requiredString
  .max(EMAIL_MAX_LENGTH, { error: VALIDATION.emailTooLong })
  .regex(EMAIL_SHAPE, { error: VALIDATION.invalidEmail });

export const nicknameField = requiredString.regex(NICKNAME_PATTERN, { error: VALIDATION.nicknameFormat });

/** Passwords are never trimmed: leading or trailing spaces are part of the secret. */
export const passwordField = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION.passwordLength })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION.passwordLength });

/** Login accepts whatever password was typed (up to the cap) so a rule change never locks anyone out. */
export const loginPasswordField = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION.passwordLength });

/**
 * An avatar upload's key: 128 random bits in hex and the canonical extension of its sniffed type. It names the file
 * for good (served under /api/files/avatar/<key>, cached as immutable), so it is never reused.
 */
export const AVATAR_KEY_PATTERN = /^[0-9a-f]{32}\.(?:jpg|png|webp)$/;

export const avatarKeyField = z
  .string({ error: VALIDATION.invalid })
  .regex(AVATAR_KEY_PATTERN, { error: VALIDATION.invalid });
