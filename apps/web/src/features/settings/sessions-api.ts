import * as user from '@beseda/protocol/endpoints/user';
import type { Session } from '@beseda/protocol/user';
import { call } from '../../lib/api/client';

export async function fetchSessions(signal?: AbortSignal): Promise<Session[]> {
  return (await call(user.listSessions, { signal })).sessions;
}

export async function terminateSession(id: string): Promise<void> {
  await call(user.deleteSession, { params: { id } });
}
