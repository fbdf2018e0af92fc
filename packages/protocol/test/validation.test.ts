import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from '../src/auth.js';
import { VALIDATION } from '../src/validation.js';

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('registerBodySchema', () => {
  it('accepts a valid body and trims e-mail and nickname', () => {
    const parsed = registerBodySchema.parse({ email: ' a@b.ru ', nickname: ' Иван_99 ', password: 'secret123' });
    expect(parsed).toEqual({ email: 'a@b.ru', nickname: 'Иван_99', password: 'secret123' });
  });

  it('reports every empty field as required', () => {
    const errors = fieldErrors(registerBodySchema.safeParse({ email: '', nickname: '  ', password: '' }));
    expect(errors).toEqual({
      email: VALIDATION.required,
      nickname: VALIDATION.required,
      password: VALIDATION.required,
    });
  });

  it('checks the spec e-mail shape', () => {
    for (const email of ['plain', 'a@b', 'a b@c.d', '@b.ru', 'a@@b.ru']) {
      expect(fieldErrors(registerBodySchema.safeParse({ email, nickname: 'nick', password: 'password1' })).email).toBe(
        VALIDATION.invalidEmail,
      );
    }
  });

  it('applies the mention rule to nicknames', () => {
    for (const nickname of ['ab', 'a'.repeat(33), 'with space', 'dash-ed', 'emoji🙂']) {
      expect(
        fieldErrors(registerBodySchema.safeParse({ email: 'a@b.ru', nickname, password: 'password1' })).nickname,
      ).toBe(VALIDATION.nicknameFormat);
    }
    expect(
      registerBodySchema.safeParse({ email: 'a@b.ru', nickname: 'a'.repeat(32), password: 'password1' }).success,
    ).toBe(true);
  });

  it('bounds the password to 8..128 characters without trimming it', () => {
    const check = (password: string) =>
      fieldErrors(registerBodySchema.safeParse({ email: 'a@b.ru', nickname: 'nick', password })).password;
    expect(check('1234567')).toBe(VALIDATION.passwordLength);
    expect(check('x'.repeat(129))).toBe(VALIDATION.passwordLength);
    expect(check('  spaced  ')).toBeUndefined();
  });
});

describe('loginBodySchema', () => {
  it('accepts any non-empty password up to the cap', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.ru', password: 'x' }).success).toBe(true);
  });
});
