import { describe, expect, it } from 'vitest';
import type { HistoryResult, Publication } from '../../src/realtime/broker.js';
import { StreamWatch } from '../../src/realtime/stream-watch.js';

const pub = (offset: number, epoch = 'e1'): Publication => ({ offset, epoch, data: `{"n":${offset}}` });

function target(histories: Record<string, HistoryResult>) {
  const delivered: string[] = [];
  const lostChannels: string[] = [];
  return {
    delivered,
    lostChannels,
    history: (channel: string, since: number) => {
      const h = histories[channel] as HistoryResult;
      return Promise.resolve({ ...h, publications: h.publications.filter((p) => p.offset > since) });
    },
    deliver: (channel: string, p: Publication) => delivered.push(`${channel}:${p.offset}`),
    lost: (channel: string) => lostChannels.push(channel),
  };
}

describe('StreamWatch', () => {
  it('delivers what pub/sub missed, in order, and skips it when it also arrives live', async () => {
    const watch = new StreamWatch();
    watch.watch('a');
    watch.observe('a', { offset: 2, epoch: 'e1' });
    expect(watch.admit('a', pub(3))).toBe(true);
    const t = target({ a: { position: { offset: 6, epoch: 'e1' }, publications: [3, 4, 5, 6].map((n) => pub(n)) } });
    await watch.catchUp(t);
    expect(t.delivered).toEqual(['a:4', 'a:5', 'a:6']);
    // The same publication, late from pub/sub after the catch-up delivered it.
    expect(watch.admit('a', pub(5))).toBe(false);
    expect(watch.admit('a', pub(7))).toBe(true);
  });

  it('reports a stream whose epoch changed instead of delivering from it', async () => {
    const watch = new StreamWatch();
    watch.watch('a');
    watch.observe('a', { offset: 9, epoch: 'e1' });
    watch.watch('b');
    watch.observe('b', { offset: 1, epoch: 'e1' });
    const t = target({
      a: { position: { offset: 1, epoch: 'e2' }, publications: [pub(1, 'e2')] },
      b: { position: { offset: 1, epoch: 'e1' }, publications: [pub(1)] },
    });
    await watch.catchUp(t);
    expect(t.lostChannels).toEqual(['a']);
    expect(t.delivered).toEqual([]);
    // From now on the new epoch is the stream.
    expect(watch.admit('a', pub(2, 'e2'))).toBe(true);
  });

  it('keeps the newer position when a live publication came before the top was read', () => {
    const watch = new StreamWatch();
    watch.watch('a');
    watch.admit('a', pub(1));
    watch.observe('a', { offset: 0, epoch: 'e1' });
    expect(watch.admit('a', pub(1))).toBe(false);
  });

  it('skips a channel whose position is not known yet, and ignores reads of channels it does not watch', async () => {
    const watch = new StreamWatch();
    watch.watch('a');
    watch.observe('other', { offset: 5, epoch: 'e1' });
    const t = target({ a: { position: { offset: 3, epoch: 'e1' }, publications: [pub(1), pub(2), pub(3)] } });
    await watch.catchUp(t);
    expect(t.delivered).toEqual([]);
    expect(watch.watched()).toEqual(['a']);
  });
});
