import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from '../../src/periodic-task.js';

describe('PeriodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function task(run: () => Promise<number>, logger = pino({ level: 'silent' })) {
    return new PeriodicTask({ done: 'things deleted', firstAfterMs: 100, everyMs: 1_000, run, logger });
  }

  it('runs first after firstAfterMs, then every everyMs, never two rounds at once', async () => {
    let rounds = 0;
    let finish: (count: number) => void = () => undefined;
    const periodic = task(() => {
      rounds += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    });
    periodic.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);
    // The interval fires while the first round still runs: skipped.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBe(1);
    finish(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toBe(2);
    finish(0);
    await periodic.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(rounds).toBe(2);
  });

  it('logs a failed round and tries again next time', async () => {
    const logger = pino({ level: 'silent' });
    const error = vi.spyOn(logger, 'error');
    const info = vi.spyOn(logger, 'info');
    const run = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue(3);
    const periodic = task(run, logger);
    periodic.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(error).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(info).toHaveBeenCalledWith({ count: 3 }, 'things deleted');
    await periodic.stop();
  });

  it('stop waits for the round in progress', async () => {
    let finish: (count: number) => void = () => undefined;
    const periodic = task(() => new Promise<number>((resolve) => (finish = resolve)));
    periodic.start();
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = periodic.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(0);
    await stopping;
    expect(stopped).toBe(true);
  });
});
