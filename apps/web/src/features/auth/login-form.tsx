import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/text-field';
import { login } from './auth-api';
import type { LoginField, LoginValues } from './auth-form';
import { AuthFormFrame } from './auth-form-frame';
import { useAuthForm } from './use-auth-form';

export function LoginForm() {
  const { t } = useTranslation();
  const form = useAuthForm<LoginField, LoginValues>({
    errorPath: 'auth.login',
    initial: { email: '', password: '' },
    rules: (rules) => ({ validate: rules.validateLogin, errorFromResponse: rules.loginErrorFromResponse }),
    send: (values) => login({ email: values.email.trim(), password: values.password }),
  });

  return (
    <AuthFormFrame form={form} submitLabel={t('auth.submitLogin')} testId="login-form">
      <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <TextField label={t('auth.password')} autoComplete="current-password" {...form.secretField('password')} />
    </AuthFormFrame>
  );
}
