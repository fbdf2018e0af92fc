import type { ErrorInput, ErrorKind, ErrorRecord } from '../../lib/errors/error-records';
import type { FormErrors, FormMessageKey } from './auth-form';

/**
 * The bridge between a form's `FormErrors` (catalogue keys per field) and the client error store (spec §8: "forms
 * report into it"). Each field has its path under the form's (`auth.login.email` under `auth.login`); the form-level
 * error sits on the form's own path. A record's `code` is the catalogue key, its `message` the Russian words.
 */
export function fieldPath(formPath: string, field: string): string {
  return `${formPath}.${field}`;
}

function kindOf(key: FormMessageKey): ErrorKind {
  if (key.startsWith('validation.')) return 'validation';
  if (key === 'errors.network') return 'network';
  if (key === 'errors.unknown') return 'unknown';
  return 'http';
}

export function formErrorInputs<F extends string>(
  formPath: string,
  errors: FormErrors<F>,
  translate: (key: FormMessageKey) => string,
): ErrorInput[] {
  const input = (path: string, key: FormMessageKey): ErrorInput => ({
    path,
    code: key,
    message: translate(key),
    kind: kindOf(key),
    source: formPath,
  });
  const inputs: ErrorInput[] = [];
  if (errors.form) inputs.push(input(formPath, errors.form));
  for (const [field, key] of Object.entries(errors.fields) as [F, FormMessageKey | undefined][]) {
    if (key) inputs.push(input(fieldPath(formPath, field), key));
  }
  return inputs;
}

/** The form's errors as the store holds them: the first record per path, by its catalogue key. */
export function readFormErrors<F extends string>(
  byPath: Readonly<Record<string, readonly ErrorRecord[]>>,
  formPath: string,
  fields: readonly F[],
): FormErrors<F> {
  // Only `formErrorInputs` writes under a form's path, and it writes catalogue keys as codes.
  const keyAt = (path: string) => byPath[path]?.[0]?.code as FormMessageKey | undefined;
  const result: FormErrors<F> = { fields: {} };
  for (const field of fields) {
    const key = keyAt(fieldPath(formPath, field));
    if (key) result.fields[field] = key;
  }
  const form = keyAt(formPath);
  if (form) result.form = form;
  return result;
}
