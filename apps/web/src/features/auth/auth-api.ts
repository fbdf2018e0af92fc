import type { LoginBody, RegisterBody } from '@beseda/protocol/auth';
import type { Me } from '@beseda/protocol/user';
import { api } from '../../lib/api/client';

// Start-up (entry chunk) and /auth call these: their schemas load with the request, keeping zod out of the first
// load. See "Bundle budget" in apps/web/CONTEXT.md.
const meResponseSchema = () => import('@beseda/protocol/user').then((module) => module.meResponseSchema);
const okResponseSchema = () => import('@beseda/protocol/auth').then((module) => module.okResponseSchema);

export async function fetchMe(): Promise<Me> {
  return (await api.get('/user/me', { loadSchema: meResponseSchema })).user;
}

export async function login(body: LoginBody): Promise<Me> {
  return (await api.post('/auth/login', body, { loadSchema: meResponseSchema })).user;
}

export async function register(body: RegisterBody): Promise<Me> {
  return (await api.post('/auth/register', body, { loadSchema: meResponseSchema })).user;
}

export async function logout(): Promise<void> {
  await api.post('/auth/logout', undefined, { loadSchema: okResponseSchema });
}
