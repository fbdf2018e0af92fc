import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/text-field';
import { register } from './auth-api';
import type { FormErrors, RegisterField, RegisterValues } from './auth-form';
import { AuthFormFrame } from './auth-form-frame';
import { useAuthForm } from './use-auth-form';

const EMPTY: RegisterValues = { email: '', nickname: '', password: '', passwordRepeat: '' };

/** The password pair shares one error («Пароли не совпали»): editing either clears both. */
const LINKED: Partial<Record<RegisterField, RegisterField>> = {
  password: 'passwordRepeat',
  passwordRepeat: 'password',
};

function clearOnEdit(fields: FormErrors<RegisterField>['fields'], field: RegisterField) {
  const linked = LINKED[field];
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([key, message]) => key !== field && !(key === linked && message === 'validation.passwordsMismatch'),
    ),
  ) as FormErrors<RegisterField>['fields'];
}

export function RegisterForm() {
  const { t } = useTranslation();
  const form = useAuthForm<RegisterField, RegisterValues>({
    errorPath: 'auth.register',
    initial: EMPTY,
    rules: (rules) => ({ validate: rules.validateRegister, errorFromResponse: rules.registerErrorFromResponse }),
    send: (values) =>
      register({ email: values.email.trim(), nickname: values.nickname.trim(), password: values.password }),
    clearOnEdit,
  });

  return (
    <AuthFormFrame form={form} submitLabel={t('auth.submitRegister')} testId="register-form">
      <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <TextField
        label={t('auth.nickname')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        hint={t('auth.nicknameHint')}
        {...form.field('nickname')}
      />
      <TextField label={t('auth.password')} autoComplete="new-password" {...form.secretField('password')} />
      <TextField label={t('auth.passwordRepeat')} autoComplete="new-password" {...form.secretField('passwordRepeat')} />
    </AuthFormFrame>
  );
}
