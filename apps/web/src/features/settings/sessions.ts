import type { Session } from '@beseda/protocol/user';

/** The current session first, then the others, most recently active first. */
export function splitSessions(sessions: readonly Session[]): { current: Session | null; others: Session[] } {
  const current = sessions.find((session) => session.current) ?? null;
  const others = sessions
    .filter((session) => !session.current)
    .sort((a, b) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt));
  return { current, others };
}
