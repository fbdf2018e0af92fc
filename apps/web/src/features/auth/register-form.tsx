import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { register } from './auth-api';
import type { FormErrors, RegisterField, RegisterValues } from './auth-form';
import styles from './auth-page.module.css';
import { FormError } from './form-error';
import { loadAuthForm, preloadAuthForm } from './load-auth-form';
import { useAuthSuccess } from './use-auth-success';

const NO_ERRORS: FormErrors<RegisterField> = { fields: {} };
const EMPTY: RegisterValues = { email: '', nickname: '', password: '', passwordRepeat: '' };

/** The password pair shares one error («Пароли не совпали»): editing either clears both. */
const LINKED: Partial<Record<RegisterField, RegisterField>> = {
  password: 'passwordRepeat',
  passwordRepeat: 'password',
};

export function RegisterForm() {
  const { t } = useTranslation();
  const onSuccess = useAuthSuccess();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<RegisterField>>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // True while the first submit waits for the form rules to load, so a second submit cannot slip in.
  const loadingRules = useRef(false);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function change(field: RegisterField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const linked = LINKED[field];
      const fields = Object.fromEntries(
        Object.entries(current.fields).filter(
          ([key, message]) => key !== field && !(key === linked && message === 'validation.passwordsMismatch'),
        ),
      ) as FormErrors<RegisterField>['fields'];
      return { fields };
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
    const { validateRegister, registerErrorFromResponse, hasErrors } = rules;
    const local = validateRegister(values, import.meta.env.DEV);
    setErrors(local);
    if (hasErrors(local)) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSubmitting(true);
    try {
      onSuccess(
        await register({ email: values.email.trim(), nickname: values.nickname.trim(), password: values.password }),
      );
    } catch (error) {
      setErrors(registerErrorFromResponse(error));
      setFocusRequest((n) => n + 1);
      setSubmitting(false);
    }
  }

  const fieldError = (field: RegisterField) => {
    const key = errors.fields[field];
    return key ? t(key) : undefined;
  };
  const reveal = { show: t('auth.showSecret'), hide: t('auth.hideSecret') };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      onFocus={preloadAuthForm}
      noValidate
      data-testid="register-form"
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
        label={t('auth.nickname')}
        name="nickname"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        value={values.nickname}
        onChange={(event) => change('nickname', event.target.value)}
        error={fieldError('nickname')}
        hint={t('auth.nicknameHint')}
      />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={fieldError('password')}
        revealLabels={reveal}
      />
      <TextField
        label={t('auth.passwordRepeat')}
        name="passwordRepeat"
        type="password"
        autoComplete="new-password"
        value={values.passwordRepeat}
        onChange={(event) => change('passwordRepeat', event.target.value)}
        error={fieldError('passwordRepeat')}
        revealLabels={reveal}
      />
      <Button type="submit" size="lg" fullWidth loading={submitting} className={styles.submit}>
        {t('auth.submitRegister')}
      </Button>
    </form>
  );
}
