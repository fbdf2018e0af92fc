/**
 * Spec §2 chat view day labels: «Сегодня», «Вчера», «5 марта» (this year), «05.03.2023» (other years). Pure:
 * returns a description the UI turns into catalogue words, so the calendar rules are testable without i18n.
 */
export type DayLabel =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'thisYear'; day: number; month: MonthKey }
  | { kind: 'date'; text: string };

/** Catalogue keys of the months in the genitive («5 марта»), January first. */
export const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
export type MonthKey = (typeof MONTH_KEYS)[number];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of a moment, as a sortable key: messages of one key share a label. */
export function dayKey(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** Local calendar days, as the reader sees them: «Вчера» is about the wall calendar, not about 24 hours. */
export function describeDay(value: Date, now: Date): DayLabel {
  const key = dayKey(value);
  if (key === dayKey(now)) return { kind: 'today' };
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return { kind: 'yesterday' };
  if (value.getFullYear() === now.getFullYear()) {
    return { kind: 'thisYear', day: value.getDate(), month: MONTH_KEYS[value.getMonth()] ?? 'jan' };
  }
  return { kind: 'date', text: `${pad(value.getDate())}.${pad(value.getMonth() + 1)}.${value.getFullYear()}` };
}
