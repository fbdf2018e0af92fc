import { okResponseSchema, type LoginBody, type RegisterBody } from '@beseda/protocol/auth';
import { meResponseSchema, type Me } from '@beseda/protocol/user';
import { api } from '../../lib/api/client';

export async function fetchMe(): Promise<Me> {
  return (await api.get('/user/me', { schema: meResponseSchema })).user;
}

export async function login(body: LoginBody): Promise<Me> {
  return (await api.post('/auth/login', body, { schema: meResponseSchema })).user;
}

export async function register(body: RegisterBody): Promise<Me> {
  return (await api.post('/auth/register', body, { schema: meResponseSchema })).user;
}

export async function logout(): Promise<void> {
  await api.post('/auth/logout', undefined, { schema: okResponseSchema });
}
