import { describe, expect, it } from 'vitest';
import {
  applyLiveCall,
  EMPTY_CALL_HISTORY,
  historyRows,
  mergeCall,
  receiveFirstPage,
  receiveOlderPage,
  sortHistory,
  type CallHistory,
} from './call-history-state';
import { historyCall } from './test-calls';

/** Calls c1 (oldest) … cN, one minute apart; ids sort as the server's time-ordered ids do. */
function calls(from: number, to: number) {
  const out = [];
  for (let n = to; n >= from; n -= 1) {
    out.push(historyCall(`c${String(n).padStart(3, '0')}`, new Date(Date.UTC(2025, 2, 4, 10, n)).toISOString()));
  }
  return out;
}

const ids = (state: CallHistory) => historyRows(state).map((call) => call.id);

describe('call history pages', () => {
  it('shows the first page newest first and pages on from its cursor', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(3, 5), nextCursor: 'c003' });
    expect(ids(first)).toEqual(['c005', 'c004', 'c003']);
    expect(first).toMatchObject({ loaded: true, nextCursor: 'c003', sorted: true });

    const both = receiveOlderPage(first, 'c003', { calls: calls(1, 2), nextCursor: null });
    expect(ids(both)).toEqual(['c005', 'c004', 'c003', 'c002', 'c001']);
    expect(both.nextCursor).toBeNull();
  });

  it('drops an older page asked for before the history was reloaded', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(3, 5), nextCursor: 'c003' });
    expect(receiveOlderPage(first, 'c009', { calls: calls(1, 2), nextCursor: null })).toBe(first);
    expect(receiveOlderPage(EMPTY_CALL_HISTORY, 'c003', { calls: calls(1, 2), nextCursor: null })).toBe(
      EMPTY_CALL_HISTORY,
    );
  });

  it('joins a newest page read again to the older pages it reaches into', () => {
    let state = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(3, 5), nextCursor: 'c003' });
    state = receiveOlderPage(state, 'c003', { calls: calls(1, 2), nextCursor: 'c001' });
    // Two new calls since: the page (limit 4) reaches c004, which we hold.
    const again = receiveFirstPage(state, { calls: calls(4, 7), nextCursor: 'c004' });
    expect(ids(again)).toEqual(['c007', 'c006', 'c005', 'c004', 'c003', 'c002', 'c001']);
    expect(again.nextCursor).toBe('c001');
  });

  it('starts over from a newest page that cannot reach what is held (calls could be missing between)', () => {
    let state = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(1, 3), nextCursor: 'c001' });
    state = applyLiveCall(state, historyCall('c050', new Date(Date.UTC(2025, 2, 4, 10, 50)).toISOString()));
    const again = receiveFirstPage(state, { calls: calls(40, 42), nextCursor: 'c040' });
    // c050 is newer than the page's oldest: it exists and stays; c001–c003 lie beyond a possible gap and go.
    expect(ids(again)).toEqual(['c050', 'c042', 'c041', 'c040']);
    expect(again.nextCursor).toBe('c040');
  });

  it('keeps the calls heard of live before the first page arrived', () => {
    const live = applyLiveCall(EMPTY_CALL_HISTORY, calls(9, 9)[0] ?? historyCall('x', ''));
    const first = receiveFirstPage(live, { calls: calls(3, 5), nextCursor: 'c003' });
    expect(ids(first)).toEqual(['c009', 'c005', 'c004', 'c003']);
    expect(first.nextCursor).toBe('c003');
  });
});

describe('two copies of one call', () => {
  const at = '2025-03-04T10:00:00.000Z';

  it('keep the one further along its lifecycle, whichever came last', () => {
    const ringing = historyCall('c1', at, { status: 'RINGING', duration: 0 });
    const accepted = historyCall('c1', at, { status: 'ACCEPTED', duration: 3 });
    const ended = historyCall('c1', at, { status: 'ENDED', duration: 60 });
    expect(mergeCall(ended, ringing)).toBe(ended);
    expect(mergeCall(accepted, ringing)).toBe(accepted);
    expect(mergeCall(ringing, ended)).toBe(ended);
    expect(mergeCall(undefined, ringing)).toBe(ringing);
  });

  it('a page read while the call still rang does not undo its end heard live', () => {
    const ended = historyCall('c005', new Date(Date.UTC(2025, 2, 4, 10, 5)).toISOString(), { missed: true });
    const live = applyLiveCall(EMPTY_CALL_HISTORY, ended);
    const page = calls(3, 5).map((call) => (call.id === 'c005' ? { ...call, status: 'RINGING' as const } : call));
    const first = receiveFirstPage(live, { calls: page, nextCursor: null });
    expect(first.byId.c005).toBe(ended);
  });
});

describe('a call heard of live', () => {
  it('replaces its row where it stands', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, {
      calls: calls(3, 5).map((call) => (call.id === 'c004' ? { ...call, status: 'ACCEPTED' as const } : call)),
      nextCursor: null,
    });
    const ended = { ...(first.byId.c004 ?? historyCall('x', '')), status: 'ENDED' as const, duration: 30 };
    const next = applyLiveCall(first, ended);
    expect(ids(next)).toEqual(['c005', 'c004', 'c003']);
    expect(next.byId.c004).toBe(ended);
    expect(next.sorted).toBe(true);
  });

  it('goes on top at once; in its place nothing waits for a re-sort', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(3, 5), nextCursor: null });
    const next = applyLiveCall(first, calls(6, 6)[0] ?? historyCall('x', ''));
    expect(ids(next)).toEqual(['c006', 'c005', 'c004', 'c003']);
    expect(next.sorted).toBe(true);
  });

  it('out of order, stays on top until the re-sort puts it in its place', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: [...calls(7, 8), ...calls(3, 5)], nextCursor: null });
    const late = calls(6, 6)[0] ?? historyCall('x', '');
    const inserted = applyLiveCall(first, late);
    expect(ids(inserted)).toEqual(['c006', 'c008', 'c007', 'c005', 'c004', 'c003']);
    expect(inserted.sorted).toBe(false);
    const sorted = sortHistory(inserted);
    expect(ids(sorted)).toEqual(['c008', 'c007', 'c006', 'c005', 'c004', 'c003']);
    expect(sorted.sorted).toBe(true);
    expect(sortHistory(sorted)).toBe(sorted);
  });

  it('an accepted call we do not hold is not inserted (only its end is history)', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(3, 5), nextCursor: null });
    const accepted = historyCall('c009', new Date().toISOString(), { status: 'ACCEPTED' });
    expect(applyLiveCall(first, accepted, { insert: false })).toBe(first);
  });

  it('a repeated event changes nothing', () => {
    const first = receiveFirstPage(EMPTY_CALL_HISTORY, { calls: calls(3, 5), nextCursor: null });
    const ringing = { ...(first.byId.c005 ?? historyCall('x', '')), status: 'RINGING' as const };
    expect(applyLiveCall(first, ringing)).toBe(first);
  });
});
