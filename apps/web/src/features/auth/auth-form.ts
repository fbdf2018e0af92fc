import { loginBodySchema, registerBodySchema } from '@beseda/protocol/auth';
import { VALIDATION, type ValidationKey } from '@beseda/protocol/validation';
import { ApiError, NetworkError } from '../../lib/api/api-error';

export type LoginField = 'email' | 'password';
export type RegisterField = 'email' | 'nickname' | 'password' | 'passwordRepeat';

/** Catalogue keys, turned into words by the form. */
export type FormMessageKey =
  | ValidationKey
  | 'errors.invalidCredentials'
  | 'errors.emailOrNicknameTaken'
  | 'errors.rateLimited'
  | 'errors.network'
  | 'errors.unknown';

export interface FormErrors<F extends string> {
  fields: Partial<Record<F, FormMessageKey>>;
  form?: FormMessageKey;
}

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  email: string;
  nickname: string;
  password: string;
  passwordRepeat: string;
}

const VALIDATION_KEYS = new Set<string>(Object.values(VALIDATION));

function isValidationKey(value: string): value is ValidationKey {
  return VALIDATION_KEYS.has(value);
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** First issue per field wins: the schemas order their checks from "required" to the finer rules. */
function collect<F extends string>(issues: readonly Issue[], fields: readonly F[], skipEmailShape: boolean) {
  const result: Partial<Record<F, FormMessageKey>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    const key = field as F;
    if (result[key]) continue;
    // Spec §5: the e-mail shape check is skipped in dev mode.
    if (skipEmailShape && issue.message === VALIDATION.invalidEmail) continue;
    result[key] = isValidationKey(issue.message) ? issue.message : VALIDATION.invalid;
  }
  return result;
}

export function validateLogin(values: LoginValues, skipEmailShape = false): FormErrors<LoginField> {
  const parsed = loginBodySchema.safeParse(values);
  return { fields: parsed.success ? {} : collect(parsed.error.issues, ['email', 'password'], skipEmailShape) };
}

export function validateRegister(values: RegisterValues, skipEmailShape = false): FormErrors<RegisterField> {
  const parsed = registerBodySchema.safeParse({
    email: values.email,
    nickname: values.nickname,
    password: values.password,
  });
  const fields: Partial<Record<RegisterField, FormMessageKey>> = parsed.success
    ? {}
    : collect(parsed.error.issues, ['email', 'nickname', 'password'], skipEmailShape);
  if (values.passwordRepeat === '') {
    fields.passwordRepeat = VALIDATION.required;
  } else if (values.password !== '' && values.password !== values.passwordRepeat) {
    // Spec §5: "Пароли не совпали" on both fields.
    fields.password = VALIDATION.passwordsMismatch;
    fields.passwordRepeat = VALIDATION.passwordsMismatch;
  }
  return { fields };
}

export function hasErrors<F extends string>(errors: FormErrors<F>): boolean {
  return errors.form !== undefined || Object.keys(errors.fields).length > 0;
}

function commonError<F extends string>(error: unknown, fields: readonly F[]): FormErrors<F> {
  if (error instanceof NetworkError) return { fields: {}, form: 'errors.network' };
  if (!(error instanceof ApiError)) return { fields: {}, form: 'errors.unknown' };
  if (error.status === 429 || error.code === 'RATE_LIMITED') return { fields: {}, form: 'errors.rateLimited' };
  if (error.status === 400 && Object.keys(error.fields).length > 0) {
    const mapped: Partial<Record<F, FormMessageKey>> = {};
    for (const [field, key] of Object.entries(error.fields)) {
      if ((fields as readonly string[]).includes(field)) {
        mapped[field as F] = isValidationKey(key) ? key : VALIDATION.invalid;
      }
    }
    if (Object.keys(mapped).length > 0) return { fields: mapped };
  }
  return { fields: {}, form: 'errors.unknown' };
}

/** Spec §8: login 403 → «Неверный email или пароль» on both fields. */
export function loginErrorFromResponse(error: unknown): FormErrors<LoginField> {
  if (error instanceof ApiError && (error.status === 403 || error.code === 'INVALID_CREDENTIALS')) {
    return { fields: { email: 'errors.invalidCredentials', password: 'errors.invalidCredentials' } };
  }
  return commonError(error, ['email', 'password']);
}

/** Spec §8: register 409 → «Email или nickname уже заняты» (on e-mail and nickname: either may be the cause). */
export function registerErrorFromResponse(error: unknown): FormErrors<RegisterField> {
  if (error instanceof ApiError && (error.status === 409 || error.code === 'EMAIL_OR_NICKNAME_TAKEN')) {
    return { fields: { email: 'errors.emailOrNicknameTaken', nickname: 'errors.emailOrNicknameTaken' } };
  }
  return commonError(error, ['email', 'nickname', 'password']);
}
