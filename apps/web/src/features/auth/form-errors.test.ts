import { describe, expect, it } from 'vitest';
import { EMPTY_ERROR_STATE, createErrorRecord, firstMessage, pushRecords } from '../../lib/errors/error-records';
import { ruCore } from '../../lib/i18n/ru-core';
import type { FormErrors, FormMessageKey, LoginField } from './auth-form';
import { fieldPath, formErrorInputs, readFormErrors } from './form-errors';

const translate = (key: FormMessageKey) => {
  const [group, name] = key.split('.') as [keyof typeof ruCore, string];
  return (ruCore[group] as Record<string, string>)[name] ?? key;
};

function stored(errors: FormErrors<LoginField>) {
  return pushRecords(
    EMPTY_ERROR_STATE,
    formErrorInputs('auth.login', errors, translate).map((i) => createErrorRecord(i)),
  );
}

describe('form errors in the error store', () => {
  it('puts each field under the form path, with the spec words as message and the key as code', () => {
    const state = stored({ fields: { email: 'errors.invalidCredentials', password: 'errors.invalidCredentials' } });
    expect(Object.keys(state.byPath)).toEqual(['auth.login.email', 'auth.login.password']);
    expect(firstMessage(state, fieldPath('auth.login', 'email'))).toBe('Неверный email или пароль');
    expect(state.byPath['auth.login.password']?.[0]).toMatchObject({
      code: 'errors.invalidCredentials',
      kind: 'http',
      source: 'auth.login',
    });
  });

  it('keeps the form-level error on the form path', () => {
    const state = stored({ fields: {}, form: 'errors.network' });
    expect(state.byPath['auth.login']?.[0]).toMatchObject({ code: 'errors.network', kind: 'network' });
  });

  it('reads back what it wrote', () => {
    const errors: FormErrors<LoginField> = { fields: { email: 'validation.required' }, form: 'errors.rateLimited' };
    expect(readFormErrors(stored(errors).byPath, 'auth.login', ['email', 'password'])).toEqual(errors);
    expect(stored(errors).byPath['auth.login.email']?.[0]?.kind).toBe('validation');
  });
});
