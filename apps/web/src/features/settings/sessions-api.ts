import { okResponseSchema } from '@beseda/protocol/auth';
import { sessionsResponseSchema, type Session } from '@beseda/protocol/user';
import { api } from '../../lib/api/client';

export async function fetchSessions(signal?: AbortSignal): Promise<Session[]> {
  const options = signal ? { schema: sessionsResponseSchema, signal } : { schema: sessionsResponseSchema };
  return (await api.get('/user/sessions', options)).sessions;
}

export async function terminateSession(id: string): Promise<void> {
  await api.delete(`/user/sessions/${encodeURIComponent(id)}`, { schema: okResponseSchema });
}
