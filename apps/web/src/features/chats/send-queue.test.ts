import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendQueue, type SendVerdict } from './send-queue';

interface Pending {
  chatId: string;
  clientId: string;
  resolve(): void;
  reject(error: unknown): void;
}

/** A chat queue of client ids over a fake server whose answers the test gives one by one. */
function harness(verdict: (error: unknown, attempt: number) => SendVerdict = () => ({ retryInMs: 1000 })) {
  const queued = new Map<string, string[]>();
  const inFlight: Pending[] = [];
  const sent: string[] = [];
  const failures: { clientId: string; attempt: number }[] = [];
  const remove = (chatId: string, clientId: string) =>
    queued.set(
      chatId,
      (queued.get(chatId) ?? []).filter((id) => id !== clientId),
    );
  const queue = new SendQueue({
    next: (chatId) => queued.get(chatId)?.[0],
    send: (chatId, clientId) =>
      new Promise<void>((resolve, reject) => {
        sent.push(clientId);
        inFlight.push({
          chatId,
          clientId,
          resolve: () => {
            remove(chatId, clientId);
            resolve();
          },
          reject,
        });
      }),
    failed(clientId, error, attempt) {
      failures.push({ clientId, attempt });
      const result = verdict(error, attempt);
      if (result === 'failed') remove(queued.get('c1')?.includes(clientId) ? 'c1' : 'c2', clientId);
      return result;
    },
  });
  const push = (chatId: string, ...ids: string[]) => {
    queued.set(chatId, [...(queued.get(chatId) ?? []), ...ids]);
    queue.kick(chatId);
  };
  /** The oldest request still waiting for its answer. */
  const answer = async (outcome: 'ok' | Error = 'ok') => {
    const pending = inFlight.shift();
    if (!pending) throw new Error('nothing in flight');
    if (outcome === 'ok') pending.resolve();
    else pending.reject(outcome);
    await vi.advanceTimersByTimeAsync(0);
    return pending.clientId;
  };
  return { queue, push, answer, sent, inFlight, failures, queued };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SendQueue', () => {
  it('sends a chat’s messages one at a time, the next right after the previous is acknowledged', async () => {
    const { push, answer, sent, inFlight } = harness();
    push('c1', 'm1', 'm2');
    push('c1', 'm3');
    expect(sent).toEqual(['m1']);
    await answer();
    expect(sent).toEqual(['m1', 'm2']);
    await answer();
    await answer();
    expect(sent).toEqual(['m1', 'm2', 'm3']);
    expect(inFlight).toHaveLength(0);
  });

  it('lets chats send side by side', async () => {
    const { push, sent } = harness();
    push('c1', 'a1', 'a2');
    push('c2', 'b1');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['a1', 'b1']);
  });

  it('holds the queue on a retryable failure and sends the same message first, after the delay', async () => {
    const { push, answer, sent, failures } = harness();
    push('c1', 'm1', 'm2');
    await answer(new Error('offline'));
    expect(sent).toEqual(['m1']);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual(['m1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['m1', 'm1']);
    await answer(new Error('offline'));
    expect(failures).toEqual([
      { clientId: 'm1', attempt: 0 },
      { clientId: 'm1', attempt: 1 },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await answer();
    await answer();
    expect(sent).toEqual(['m1', 'm1', 'm1', 'm2']);
  });

  it('gives up on a permanently refused message and goes on with the next at once', async () => {
    const { push, answer, sent, queued } = harness(() => 'failed');
    push('c1', 'm1', 'm2');
    await answer(new Error('403'));
    expect(sent).toEqual(['m1', 'm2']);
    expect(queued.get('c1')).toEqual(['m2']);
  });

  it('retries at once when woken (the network is back)', async () => {
    const { queue, push, answer, sent } = harness(() => ({ retryInMs: 60_000 }));
    push('c1', 'm1');
    await answer(new Error('offline'));
    queue.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['m1', 'm1']);
  });

  it('stops every lane on reset: a late answer sends nothing more, a pending retry never fires', async () => {
    const { queue, push, answer, sent } = harness();
    push('c1', 'm1', 'm2');
    push('c2', 'b1');
    await vi.advanceTimersByTimeAsync(0);
    queue.reset();
    await answer();
    await answer(new Error('offline'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual(['m1', 'b1']);
  });

  it('never sends an acknowledged message again, even if it is still first in line', async () => {
    const queued = ['m1'];
    const send = vi.fn(() => Promise.resolve());
    const queue = new SendQueue({ next: () => queued[0], send, failed: () => 'failed' });
    queue.kick('c1');
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
