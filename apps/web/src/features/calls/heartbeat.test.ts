import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeartbeatBody } from '@beseda/protocol/livekit';
import { startHeartbeat } from './heartbeat';

const FLAGS = { micEnabled: true, cameraEnabled: false, screenShareEnabled: false };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(answer: () => Promise<{ ok: boolean }> = () => Promise.resolve({ ok: true })) {
  const sent: HeartbeatBody[] = [];
  const onEnded = vi.fn();
  const onError = vi.fn();
  const heartbeat = startHeartbeat(
    {
      send: (body) => {
        sent.push(body);
        return answer();
      },
      intervalMs: 15_000,
      onEnded,
      onError,
    },
    FLAGS,
  );
  return { sent, onEnded, onError, heartbeat };
}

describe('startHeartbeat (spec §9)', () => {
  it('beats at once with the flags, then every 15 s', async () => {
    const { sent, heartbeat } = setup();
    expect(sent).toEqual([FLAGS]);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(4);
    heartbeat.stop();
  });

  it('a toggle beats at once with the new flags and restarts the interval', async () => {
    const { sent, heartbeat } = setup();
    await vi.advanceTimersByTimeAsync(10_000);
    const muted = { ...FLAGS, micEnabled: false };
    heartbeat.beat(muted);
    expect(sent.at(-1)).toEqual(muted);
    expect(sent).toHaveLength(2);
    // The next periodic beat is 15 s after the toggle, not 5 s.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    heartbeat.stop();
  });

  it('stops beating after stop()', async () => {
    const { sent, heartbeat } = setup();
    heartbeat.stop();
    heartbeat.beat(FLAGS);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
  });

  it('ok: false ends the call once and stops the beats', async () => {
    const { sent, onEnded } = setup(() => Promise.resolve({ ok: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('a failed beat is only reported; the beats go on', async () => {
    const { sent, onError, onEnded, heartbeat } = setup(() => Promise.reject(new Error('offline')));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onEnded).not.toHaveBeenCalled();
    expect(sent).toHaveLength(2);
    heartbeat.stop();
  });

  it('an answer arriving after stop() is ignored', async () => {
    let answer: (value: { ok: boolean }) => void = () => undefined;
    const { heartbeat, onEnded } = setup(() => new Promise((resolve) => (answer = resolve)));
    heartbeat.stop();
    answer({ ok: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(onEnded).not.toHaveBeenCalled();
  });
});
