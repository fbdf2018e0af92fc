import type { LoginBody, RegisterBody } from '@beseda/protocol/auth';
import type { Me } from '@beseda/protocol/user';
import { callLazy } from '../../lib/api/client';

// Start-up (entry chunk) and /auth call these: their descriptors (and zod) load with the request, keeping zod out of
// the first load. See "Bundle budget" in apps/web/CONTEXT.md.
const authEndpoints = () => import('@beseda/protocol/endpoints/auth');

export async function fetchMe(): Promise<Me> {
  const getMe = () => import('@beseda/protocol/endpoints/user').then((module) => module.getMe);
  return (await callLazy('GET /user/me', getMe)).user;
}

export async function login(body: LoginBody): Promise<Me> {
  const descriptor = () => authEndpoints().then((module) => module.login);
  return (await callLazy('POST /auth/login', descriptor, { body })).user;
}

export async function register(body: RegisterBody): Promise<Me> {
  const descriptor = () => authEndpoints().then((module) => module.register);
  return (await callLazy('POST /auth/register', descriptor, { body })).user;
}

export async function logout(): Promise<void> {
  await callLazy('POST /auth/logout', () => authEndpoints().then((module) => module.logout));
}
