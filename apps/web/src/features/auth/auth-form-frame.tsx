import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import styles from './auth-page.module.css';
import { FormError } from './form-error';
import { preloadAuthForm } from './load-auth-form';
import type { AuthFormState } from './use-auth-form';

interface AuthFormFrameProps {
  form: AuthFormState;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}

/** The form element around the fields: the form-level error above them, the submit button below. */
export function AuthFormFrame({ form, submitLabel, testId, children }: AuthFormFrameProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { formError, submitting, focusRequest, submit } = form;

  // Move focus to the first wrong field after each failed submit.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      onFocus={preloadAuthForm}
      noValidate
      data-testid={testId}
    >
      <FormError message={formError} />
      {children}
      <Button type="submit" size="lg" fullWidth loading={submitting} className={styles.submit}>
        {submitLabel}
      </Button>
    </form>
  );
}
