import type * as AuthFormRules from '../../app/lazy-auth-form';

/**
 * The form rules validate with the protocol's zod schemas. They load when the user first focuses a form (and at the
 * latest on submit), not with the /auth page: zod is the largest library the page would otherwise ship before
 * anything shows. See "Bundle budget" in apps/web/CONTEXT.md.
 */
let authForm: Promise<typeof AuthFormRules> | null = null;

export function loadAuthForm(): Promise<typeof AuthFormRules> {
  authForm ??= import('../../app/lazy-auth-form').catch((error: unknown) => {
    authForm = null; // a failed chunk load is retried on the next submit
    throw error;
  });
  return authForm;
}

/** Starts the load early (on focus), so a submit normally finds the rules ready. */
export function preloadAuthForm(): void {
  loadAuthForm().catch(() => undefined);
}
