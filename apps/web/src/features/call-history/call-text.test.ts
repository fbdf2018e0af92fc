import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ru } from '../../lib/i18n/ru';
import { summariseCallRecord, summariseHistoryCall, splitDuration } from './call-summary';
import { callSummaryText, callWhenText, formatCallDuration, spokenCallDuration } from './call-text';
import { callRecord, historyCall } from './test-calls';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'ru', resources: { ru: { translation: ru } }, initAsync: false });
const t = i18n.t;

describe('call duration (spec §9 «Nm Ns»)', () => {
  it('shows whole minutes and the seconds left', () => {
    expect(formatCallDuration(192, t)).toBe('3m 12s');
    expect(formatCallDuration(59, t)).toBe('0m 59s');
    expect(formatCallDuration(60, t)).toBe('1m 0s');
  });

  it('shows a call answered and hung up at once as «0m 0s»', () => {
    expect(formatCallDuration(0, t)).toBe('0m 0s');
  });

  it('never rolls minutes into hours, and drops fractions and nonsense', () => {
    expect(formatCallDuration(2 * 3600 + 5, t)).toBe('120m 5s');
    expect(splitDuration(61.9)).toEqual({ minutes: 1, seconds: 1 });
    expect(splitDuration(-5)).toEqual({ minutes: 0, seconds: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ minutes: 0, seconds: 0 });
  });

  it('says it for a screen reader with Russian plurals', () => {
    expect(spokenCallDuration(61, t)).toBe('1 минута 1 секунда');
    expect(spokenCallDuration(192, t)).toBe('3 минуты 12 секунд');
    expect(spokenCallDuration(5 * 60 + 22, t)).toBe('5 минут 22 секунды');
    expect(spokenCallDuration(21 * 60 + 44, t)).toBe('21 минута 44 секунды');
    expect(spokenCallDuration(0, t)).toBe('0 минут 0 секунд');
  });
});

describe('a call record in the chat, worded from each side', () => {
  const text = (viewer: string, extra: Parameters<typeof callRecord>[0] = {}) =>
    callSummaryText(summariseCallRecord(callRecord(extra), viewer), t);

  it('an answered call: outgoing for the caller, incoming for the callee, with its duration', () => {
    expect(text('me')).toBe('Исходящий звонок · 3m 12s');
    expect(text('anna-id')).toBe('Входящий звонок · 3m 12s');
    expect(text('me', { durationSeconds: 0 })).toBe('Исходящий звонок · 0m 0s');
  });

  it('a missed call (cancelled or rang out) reads the same on both sides, with no duration', () => {
    expect(text('me', { missed: true, durationSeconds: 0 })).toBe('Пропущенный звонок');
    expect(text('anna-id', { missed: true, durationSeconds: 0 })).toBe('Пропущенный звонок');
  });

  it('a declined call reads «Отклонённый звонок» on both sides', () => {
    expect(text('me', { status: 'REJECTED', durationSeconds: 0 })).toBe('Отклонённый звонок');
    expect(text('anna-id', { status: 'REJECTED', durationSeconds: 0 })).toBe('Отклонённый звонок');
  });

  it('colours the calls nobody talked in red', () => {
    expect(summariseCallRecord(callRecord(), 'me').failed).toBe(false);
    expect(summariseCallRecord(callRecord({ missed: true }), 'anna-id').failed).toBe(true);
    expect(summariseCallRecord(callRecord({ status: 'REJECTED' }), 'me').failed).toBe(true);
  });
});

describe('a row of the calls page', () => {
  const at = '2025-03-04T10:00:00.000Z';

  it('takes the direction the server gives from the viewer’s side', () => {
    expect(callSummaryText(summariseHistoryCall(historyCall('c1', at)), t)).toBe('Исходящий звонок · 3m 12s');
    expect(callSummaryText(summariseHistoryCall(historyCall('c1', at, { direction: 'INCOMING' })), t)).toBe(
      'Входящий звонок · 3m 12s',
    );
    const missed = historyCall('c1', at, { direction: 'INCOMING', missed: true, duration: 0, acceptedAt: null });
    expect(callSummaryText(summariseHistoryCall(missed), t)).toBe('Пропущенный звонок');
    expect(callSummaryText(summariseHistoryCall(historyCall('c1', at, { status: 'REJECTED' })), t)).toBe(
      'Отклонённый звонок',
    );
  });

  it('shows a call still ringing or in progress as ongoing, without a duration yet', () => {
    for (const status of ['RINGING', 'ACCEPTED'] as const) {
      expect(callSummaryText(summariseHistoryCall(historyCall('c1', at, { status, duration: 40 })), t)).toBe(
        'Идёт звонок',
      );
    }
  });

  it('dates a call by the chat’s day labels and the clock', () => {
    const now = new Date(2025, 2, 4, 18, 0);
    expect(callWhenText(new Date(2025, 2, 4, 9, 5).toISOString(), now, t)).toBe('Сегодня, 09:05');
    expect(callWhenText(new Date(2025, 2, 3, 23, 58).toISOString(), now, t)).toBe('Вчера, 23:58');
    expect(callWhenText(new Date(2025, 0, 17, 14, 0).toISOString(), now, t)).toBe('17 января, 14:00');
    expect(callWhenText(new Date(2024, 11, 31, 8, 30).toISOString(), now, t)).toBe('31.12.2024, 08:30');
  });
});
