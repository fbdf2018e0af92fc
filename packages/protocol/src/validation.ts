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
} as const;

export type ValidationKey = (typeof VALIDATION)[keyof typeof VALIDATION];

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

export const requiredString = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true });

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
