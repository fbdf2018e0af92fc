import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../chats/message-text';
import { describeDay } from '../chats/day-label';
import { splitDuration, type CallOutcome, type CallSummary } from './call-summary';

/** The catalogue's words for each outcome: «Исходящий звонок», «Пропущенный звонок»… */
const OUTCOME_KEYS = {
  outgoing: 'calls.outgoing',
  incoming: 'calls.incoming',
  missed: 'calls.missed',
  rejected: 'calls.rejected',
  ongoing: 'calls.ongoing',
} as const satisfies Record<CallOutcome, string>;

/** Spec §9: «3m 12s». */
export function formatCallDuration(totalSeconds: number, t: TFunction): string {
  return t('calls.duration', splitDuration(totalSeconds));
}

/** «3 минуты 12 секунд»: the same duration for a screen reader, with Russian plurals (Intl.PluralRules('ru')). */
export function spokenCallDuration(totalSeconds: number, t: TFunction): string {
  const { minutes, seconds } = splitDuration(totalSeconds);
  return t('calls.durationSpoken', {
    minutes: t('calls.durationMinutes', { count: minutes }),
    seconds: t('calls.durationSeconds', { count: seconds }),
  });
}

/** «Пропущенный звонок»: the outcome alone. */
export function callOutcomeText(summary: CallSummary, t: TFunction): string {
  return t(OUTCOME_KEYS[summary.outcome]);
}

/** «Исходящий звонок · 3m 12s» for an answered call, the outcome alone otherwise (the chat's preview, the rows). */
export function callSummaryText(summary: CallSummary, t: TFunction): string {
  const status = callOutcomeText(summary, t);
  if (summary.durationSeconds === null) return status;
  return t('calls.withDuration', { status, duration: formatCallDuration(summary.durationSeconds, t) });
}

/** «Сегодня, 14:05», «Вчера, 09:12», «5 марта, 18:40», «31.12.2024, 23:58»: the chat's day labels and the clock. */
export function callWhenText(iso: string, now: Date, t: TFunction): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return '';
  const day = describeDay(value, now);
  const dayText =
    day.kind === 'today'
      ? t('chat.today')
      : day.kind === 'yesterday'
        ? t('chat.yesterday')
        : day.kind === 'thisYear'
          ? t('chat.dayMonth', { day: day.day, month: t(`chat.months.${day.month}`) })
          : day.text;
  return t('calls.when', { day: dayText, time: formatClock(iso) });
}

/** The functions above bound to the app's translator, for components. */
export function useCallText() {
  const { t } = useTranslation();
  return {
    summary: (summary: CallSummary) => callSummaryText(summary, t),
    outcome: (summary: CallSummary) => callOutcomeText(summary, t),
    duration: (seconds: number) => formatCallDuration(seconds, t),
    spokenDuration: (seconds: number) => spokenCallDuration(seconds, t),
    when: (iso: string, now: Date) => callWhenText(iso, now, t),
  };
}
