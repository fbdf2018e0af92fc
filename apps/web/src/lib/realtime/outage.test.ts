import { describe, expect, it } from 'vitest';
import { OUTAGE_INITIAL, reduceOutage, type OutageSignal, type OutageState } from './outage';

/** Runs the signals through the reducer and returns how many toasts they would show. */
function toasts(signals: OutageSignal[], start: OutageState = OUTAGE_INITIAL): number {
  let state = start;
  let shown = 0;
  for (const signal of signals) {
    const decision = reduceOutage(state, signal);
    state = decision.state;
    if (decision.notify) shown += 1;
  }
  return shown;
}

describe('reduceOutage', () => {
  it('shows one toast for an outage with many failed retries', () => {
    const retries: OutageSignal[] = Array.from({ length: 10 }, () => [
      { kind: 'error' } as const,
      { kind: 'lost', code: 1 } as const,
    ]).flat();
    expect(toasts([{ kind: 'connected' }, { kind: 'lost', code: 3001 }, ...retries])).toBe(1);
  });

  it('shows the toast at the first failure', () => {
    expect(reduceOutage(OUTAGE_INITIAL, { kind: 'error' }).notify).toBe(true);
    expect(reduceOutage(OUTAGE_INITIAL, { kind: 'lost', code: 3500 }).notify).toBe(true);
  });

  it('ignores code 0: our own connect or disconnect call is not a failure', () => {
    expect(toasts([{ kind: 'lost', code: 0 }, { kind: 'connected' }, { kind: 'lost', code: 0 }])).toBe(0);
  });

  it('shows it again only after a successful reconnect followed by a new failure', () => {
    expect(toasts([{ kind: 'error' }, { kind: 'error' }, { kind: 'connected' }, { kind: 'error' }])).toBe(2);
    expect(toasts([{ kind: 'error' }, { kind: 'lost', code: 1 }, { kind: 'error' }])).toBe(1);
  });

  it('stays quiet for a disconnect somebody asked for (sign-out, session ended, another tab left)', () => {
    expect(toasts([{ kind: 'connected' }, { kind: 'ended', code: 4500 }])).toBe(0);
    expect(toasts([{ kind: 'connected' }, { kind: 'ended', code: 4501 }])).toBe(0);
    // centrifuge's `unauthorized`: our token source answered "signed out".
    expect(toasts([{ kind: 'connected' }, { kind: 'lost', code: 1 }, { kind: 'ended', code: 1 }])).toBe(1);
    expect(toasts([{ kind: 'connected' }, { kind: 'ended', code: 1 }])).toBe(0);
    expect(toasts([{ kind: 'connected' }, { kind: 'lost', code: 4000 }, { kind: 'connected' }])).toBe(0);
  });

  it('still reports a terminal disconnect nobody asked for', () => {
    expect(toasts([{ kind: 'connected' }, { kind: 'ended', code: 3500 }])).toBe(1);
    expect(toasts([{ kind: 'connected' }, { kind: 'ended', code: 2 }])).toBe(1);
  });

  it('starts afresh after a deliberate stop', () => {
    expect(toasts([{ kind: 'error' }, { kind: 'stopped' }, { kind: 'error' }])).toBe(2);
  });

  it('keeps the same state object when nothing changes', () => {
    expect(reduceOutage(OUTAGE_INITIAL, { kind: 'connected' }).state).toBe(OUTAGE_INITIAL);
    const notified = { notified: true };
    expect(reduceOutage(notified, { kind: 'error' }).state).toBe(notified);
  });
});
