import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@beseda/protocol/user';
import type * as AuthFormRules from '../../app/lazy-auth-form';
import { firstMessage } from '../../lib/errors/error-records';
import { useErrorStore } from '../../lib/errors/error-store';
import type { FormErrors } from './auth-form';
import { fieldPath, formErrorInputs, readFormErrors } from './form-errors';
import { loadAuthForm } from './load-auth-form';
import { useAuthSuccess } from './use-auth-success';

type FieldErrors<F extends string> = FormErrors<F>['fields'];

/** What `AuthFormFrame` needs from `useAuthForm`. */
export interface AuthFormState {
  /** The form-level error's words (network, rate limit…), read from the error store. */
  formError: string | undefined;
  submitting: boolean;
  /** Grows after each failed submit: the frame then focuses the first wrong field. */
  focusRequest: number;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** The props `field` gives a `TextField`. */
export interface AuthFieldProps<F extends string> {
  name: F;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  type?: string;
  revealLabels?: { show: string; hide: string };
  errorInLabel: boolean;
}

export interface AuthForm<F extends string> extends AuthFormState {
  errors: FormErrors<F>;
  field: (name: F) => AuthFieldProps<F>;
  /** `field` for a password, with the show/hide toggle. */
  secretField: (name: F) => AuthFieldProps<F>;
}

export interface AuthFormOptions<F extends string, V extends Record<F, string>> {
  /** The form's path in the client error store: `auth.login`; its fields sit under it. */
  errorPath: string;
  initial: V;
  /** This form's checks, picked from the lazily loaded rules (type-only import: they stay out of the page chunk). */
  rules: (rules: typeof AuthFormRules) => {
    validate: (values: V, skipEmailShape: boolean) => FormErrors<F>;
    errorFromResponse: (error: unknown) => FormErrors<F>;
  };
  send: (values: V) => Promise<Me>;
  /** The field errors left once `field` is edited; by default all but that field's. */
  clearOnEdit?: (fields: FieldErrors<F>, field: F) => FieldErrors<F>;
}

function clearField<F extends string>(fields: FieldErrors<F>, field: F): FieldErrors<F> {
  const { [field]: _removed, ...rest } = fields;
  return rest as FieldErrors<F>;
}

/** The submit lifecycle shared by the login and register forms: lazy rules, local checks, the request, errors. */
export function useAuthForm<F extends string, V extends Record<F, string>>(
  options: AuthFormOptions<F, V>,
): AuthForm<F> {
  const { t } = useTranslation();
  const onSuccess = useAuthSuccess();
  const [values, setValues] = useState<V>(options.initial);
  const { errorPath } = options;
  const fields = Object.keys(options.initial) as F[];
  // Spec §8: the form's errors live in the client error store; the form reads them back from it.
  const byPath = useErrorStore((state) => state.byPath);
  const errors = readFormErrors(byPath, errorPath, fields);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // True while the first submit waits for the form rules to load, so a second submit cannot slip in.
  const loadingRules = useRef(false);

  // Errors belong to this form on screen: leaving it (the other tab, a signed-in redirect) clears them.
  useEffect(() => () => useErrorStore.getState().clearPath(errorPath, { deep: true }), [errorPath]);

  function setErrors(next: FormErrors<F>) {
    const store = useErrorStore.getState();
    store.clearPath(errorPath, { deep: true });
    store.load(formErrorInputs(errorPath, next, (key) => t(key)));
  }

  function change(field: F, value: string) {
    const clear = options.clearOnEdit ?? clearField;
    setValues((current) => ({ ...current, [field]: value }));
    const current = readFormErrors(useErrorStore.getState().byPath, errorPath, fields);
    const kept = clear(current.fields, field);
    const store = useErrorStore.getState();
    // An edit drops the form-level error and the field errors `clear` let go; the others stay as recorded.
    store.clearPath(errorPath);
    for (const name of fields) if (current.fields[name] && !kept[name]) store.clearPath(fieldPath(errorPath, name));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || loadingRules.current) return;
    loadingRules.current = true;
    const rules = await loadAuthForm().catch(() => null);
    loadingRules.current = false;
    if (!rules) {
      setErrors({ fields: {}, form: 'errors.network' });
      return;
    }
    const { validate, errorFromResponse } = options.rules(rules);
    const local = validate(values, import.meta.env.DEV);
    setErrors(local);
    if (rules.hasErrors(local)) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    try {
      onSuccess(await options.send(values));
    } catch (error) {
      setErrors(errorFromResponse(error));
      setFocusRequest((n) => n + 1);
      setSubmitting(false);
    }
  }

  function field(name: F): AuthFieldProps<F> {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
      error: firstMessage({ byPath }, fieldPath(errorPath, name)),
      // The card keeps its height when errors appear (issue 12): each error sits on its field's label line.
      errorInLabel: true,
    };
  }

  function secretField(name: F): AuthFieldProps<F> {
    return {
      ...field(name),
      type: 'password',
      revealLabels: { show: t('auth.showSecret'), hide: t('auth.hideSecret') },
    };
  }

  const formError = firstMessage({ byPath }, errorPath);
  return { errors, formError, submitting, focusRequest, submit, field, secretField };
}
