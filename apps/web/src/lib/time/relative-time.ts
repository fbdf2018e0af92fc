/**
 * Spec §9 relative time labels: now, minutes, hours, yesterday, dd.mm (this year), dd.mm.yy (earlier years).
 * Pure: returns a description the UI turns into catalogue words, so the rules are testable without i18n.
 */
export type RelativeTime =
  | { kind: 'now' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'yesterday' }
  | { kind: 'date'; text: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Local calendar days: "yesterday" is about the wall calendar, not about 24 hours. */
export function describeRelativeTime(value: Date, now: Date): RelativeTime {
  const diff = now.getTime() - value.getTime();
  // Clock skew between server and client can put timestamps slightly in the future: that is still "now".
  if (diff < MINUTE) return { kind: 'now' };
  if (diff < HOUR) return { kind: 'minutes', count: Math.floor(diff / MINUTE) };
  if (isSameDay(value, now)) return { kind: 'hours', count: Math.floor(diff / HOUR) };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (isSameDay(value, yesterday)) return { kind: 'yesterday' };
  const dayMonth = `${pad(value.getDate())}.${pad(value.getMonth() + 1)}`;
  if (value.getFullYear() === now.getFullYear()) return { kind: 'date', text: dayMonth };
  return { kind: 'date', text: `${dayMonth}.${pad(value.getFullYear() % 100)}` };
}
