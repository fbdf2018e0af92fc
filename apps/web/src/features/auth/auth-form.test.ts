import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { loginErrorFromResponse, registerErrorFromResponse, validateLogin, validateRegister } from './auth-form';

const validRegister = { email: 'a@b.ru', nickname: 'anna_1', password: 'secret123', passwordRepeat: 'secret123' };

describe('validateLogin', () => {
  it('requires every field', () => {
    expect(validateLogin({ email: '', password: '' }).fields).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(validateLogin({ email: '   ', password: 'x' }).fields).toEqual({ email: 'validation.required' });
  });

  it('checks the e-mail shape unless in dev mode', () => {
    expect(validateLogin({ email: 'a@b', password: 'x' }).fields).toEqual({ email: 'validation.invalidEmail' });
    expect(validateLogin({ email: 'a@b', password: 'x' }, true).fields).toEqual({});
  });

  it('accepts any non-empty password on login', () => {
    expect(validateLogin({ email: 'a@b.ru', password: 'x' }).fields).toEqual({});
  });
});

describe('validateRegister', () => {
  it('passes valid input', () => {
    expect(validateRegister(validRegister).fields).toEqual({});
  });

  it('requires every field', () => {
    expect(validateRegister({ email: '', nickname: '', password: '', passwordRepeat: '' }).fields).toEqual({
      email: 'validation.required',
      nickname: 'validation.required',
      password: 'validation.required',
      passwordRepeat: 'validation.required',
    });
  });

  it('puts «Пароли не совпали» on both password fields', () => {
    expect(validateRegister({ ...validRegister, passwordRepeat: 'other1234' }).fields).toEqual({
      password: 'validation.passwordsMismatch',
      passwordRepeat: 'validation.passwordsMismatch',
    });
  });

  it('checks nickname format and password length', () => {
    expect(validateRegister({ ...validRegister, nickname: 'a b' }).fields).toEqual({
      nickname: 'validation.nicknameFormat',
    });
    expect(validateRegister({ ...validRegister, password: 'short', passwordRepeat: 'short' }).fields).toEqual({
      password: 'validation.passwordLength',
    });
  });
});

describe('server errors', () => {
  it('maps login 403 to both fields', () => {
    expect(loginErrorFromResponse(new ApiError(403, 'INVALID_CREDENTIALS', 'x'))).toEqual({
      fields: { email: 'errors.invalidCredentials', password: 'errors.invalidCredentials' },
    });
  });

  it('maps register 409 to e-mail and nickname', () => {
    expect(registerErrorFromResponse(new ApiError(409, 'EMAIL_OR_NICKNAME_TAKEN', 'x'))).toEqual({
      fields: { email: 'errors.emailOrNicknameTaken', nickname: 'errors.emailOrNicknameTaken' },
    });
  });

  it('maps 400 field keys through the catalogue', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', { nickname: 'validation.nicknameFormat', other: 'q' });
    expect(registerErrorFromResponse(error)).toEqual({ fields: { nickname: 'validation.nicknameFormat' } });
    const odd = new ApiError(400, 'VALIDATION_FAILED', 'x', { email: 'something.else' });
    expect(loginErrorFromResponse(odd)).toEqual({ fields: { email: 'validation.invalid' } });
  });

  it('shows rate limits, network and unknown errors on the form', () => {
    expect(loginErrorFromResponse(new ApiError(429, 'RATE_LIMITED', 'x')).form).toBe('errors.rateLimited');
    expect(loginErrorFromResponse(new NetworkError('x')).form).toBe('errors.network');
    expect(registerErrorFromResponse(new ApiError(500, 'INTERNAL', 'x')).form).toBe('errors.unknown');
    expect(registerErrorFromResponse(new Error('x')).form).toBe('errors.unknown');
  });
});
