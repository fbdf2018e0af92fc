import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { login } from './auth-api';
import type { FormErrors, LoginField } from './auth-form';
import styles from './auth-page.module.css';
import { FormError } from './form-error';
import { loadAuthForm, preloadAuthForm } from './load-auth-form';
import { useAuthSuccess } from './use-auth-success';

const NO_ERRORS: FormErrors<LoginField> = { fields: {} };

export function LoginForm() {
  const { t } = useTranslation();
  const onSuccess = useAuthSuccess();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<LoginField>>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // True while the first submit waits for the form rules to load, so a second submit cannot slip in.
  const loadingRules = useRef(false);

  // Move focus to the first wrong field after each failed submit.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function change(field: LoginField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const { [field]: _removed, ...rest } = current.fields;
      return { fields: rest };
    });
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
    const { validateLogin, loginErrorFromResponse, hasErrors } = rules;
    const local = validateLogin(values, import.meta.env.DEV);
    setErrors(local);
    if (hasErrors(local)) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    try {
      onSuccess(await login({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      setErrors(loginErrorFromResponse(error));
      setFocusRequest((n) => n + 1);
      setSubmitting(false);
    }
  }

  const fieldError = (field: LoginField) => {
    const key = errors.fields[field];
    return key ? t(key) : undefined;
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      onFocus={preloadAuthForm}
      noValidate
      data-testid="login-form"
    >
      <FormError message={errors.form ? t(errors.form) : undefined} />
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={fieldError('email')}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={fieldError('password')}
        revealLabels={{ show: t('auth.showSecret'), hide: t('auth.hideSecret') }}
      />
      <Button type="submit" size="lg" fullWidth loading={submitting} className={styles.submit}>
        {t('auth.submitLogin')}
      </Button>
    </form>
  );
}
