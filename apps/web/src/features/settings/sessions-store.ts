import { create } from 'zustand';
import type { Session } from '@beseda/protocol/user';
import { createLogger } from '../../lib/logger';
import { fetchSessions, terminateSession } from './sessions-api';

const log = createLogger('sessions');

interface SessionsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  sessions: Session[];
  /** Ids being terminated right now (their buttons show a spinner). */
  terminating: readonly string[];
  load(): Promise<void>;
  /** Resolves true when the server ended the session (it is then gone from the list). */
  terminate(id: string): Promise<boolean>;
  /** Forget everything (sign-out): the next user must never see the previous user's devices. */
  reset(): void;
}

let loadGeneration = 0;

export const useSessionsStore = create<SessionsState>()((set, get) => ({
  status: 'idle',
  sessions: [],
  terminating: [],
  async load() {
    const generation = ++loadGeneration;
    set({ status: get().status === 'ready' ? 'ready' : 'loading' });
    try {
      const sessions = await fetchSessions();
      if (generation === loadGeneration) set({ status: 'ready', sessions });
    } catch (error) {
      log.warn('Could not load sessions', error);
      if (generation === loadGeneration) set({ status: 'error' });
    }
  },
  async terminate(id) {
    set({ terminating: [...get().terminating, id] });
    try {
      await terminateSession(id);
      set({ sessions: get().sessions.filter((session) => session.id !== id) });
      return true;
    } catch (error) {
      log.warn('Could not terminate a session', error);
      return false;
    } finally {
      set({ terminating: get().terminating.filter((item) => item !== id) });
    }
  },
  reset() {
    loadGeneration += 1;
    set({ status: 'idle', sessions: [], terminating: [] });
  },
}));

/** The current session first, then the others, most recently active first. */
export function splitSessions(sessions: readonly Session[]): { current: Session | null; others: Session[] } {
  const current = sessions.find((session) => session.current) ?? null;
  const others = sessions
    .filter((session) => !session.current)
    .sort((a, b) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt));
  return { current, others };
}
