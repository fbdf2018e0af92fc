// The /auth form rules (zod schemas) as a lazy chunk of their own: see `features/auth/load-auth-form.ts`.
// This boundary lives in app/ because bench/bundle-size.mjs takes the dynamic entry under `features/auth/` to be
// the auth page; a second one there would be measured in the page's place.
export {
  hasErrors,
  loginErrorFromResponse,
  registerErrorFromResponse,
  validateLogin,
  validateRegister,
} from '../features/auth/auth-form';
