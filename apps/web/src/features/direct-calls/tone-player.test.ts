import { describe, expect, it, vi } from 'vitest';
import type { CallTone } from './direct-call-state';
import { createTonePlayer, nextGesture, type ToneElement } from './tone-player';

class FakeAudio implements ToneElement {
  src = '';
  loop = false;
  currentTime = 5;
  playing = false;
  sinkIds: string[] = [];
  refuse: Error | null = null;
  calls: string[] = [];
  play(): Promise<void> {
    this.calls.push(`play ${this.src}`);
    if (this.refuse) return Promise.reject(this.refuse);
    this.playing = true;
    return Promise.resolve();
  }
  pause(): void {
    this.playing = false;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  setSinkId(sinkId: string): Promise<void> {
    this.calls.push(`sink ${sinkId}`);
    this.sinkIds.push(sinkId);
    return Promise.resolve();
  }
}

function setup(sinkId = '') {
  const element = new FakeAudio();
  const gestures = new EventTarget();
  const warn = vi.fn();
  const player = createTonePlayer({
    element,
    urlOf: (tone: CallTone) => `blob:${tone}`,
    loops: (tone) => tone !== 'busy',
    sinkId: () => sinkId,
    onBlocked: nextGesture(gestures),
    log: { warn },
  });
  return { element, gestures, player, warn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tone player', () => {
  it('points the element at the chosen output, then plays from the start, looping a ring', async () => {
    const { element, player } = setup('speakers-2');
    player.set('ringtone');
    await settle();
    expect(element.calls).toEqual(['sink speakers-2', 'play blob:ringtone']);
    expect(element).toMatchObject({ playing: true, loop: true, currentTime: 0 });
  });

  it('the default output is left alone; busy plays once', async () => {
    const { element, player } = setup('');
    player.set('busy');
    await settle();
    expect(element.sinkIds).toEqual([]);
    expect(element).toMatchObject({ playing: true, loop: false, src: 'blob:busy' });
  });

  it('the same tone again does not restart it; another replaces it; silence stops at once', async () => {
    const { element, player } = setup();
    player.set('ringback');
    await settle();
    player.set('ringback');
    await settle();
    expect(element.calls).toEqual(['play blob:ringback']);
    player.set('busy');
    await settle();
    expect(element.src).toBe('blob:busy');
    player.set(null);
    expect(element.playing).toBe(false);
    expect(element.src).toBe('');
    expect(player.tone).toBeNull();
  });

  it('refused by the autoplay policy: plays on the next click, if still wanted', async () => {
    const { element, player, gestures, warn } = setup();
    element.refuse = new DOMException('no gesture yet', 'NotAllowedError');
    player.set('ringtone');
    await settle();
    expect(element.playing).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    element.refuse = null;
    gestures.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(element.playing).toBe(true);
  });

  it('a sound no longer wanted is not started by a later click', async () => {
    const { element, player, gestures } = setup();
    element.refuse = new DOMException('no gesture yet', 'NotAllowedError');
    player.set('ringtone');
    await settle();
    player.set(null);
    element.refuse = null;
    gestures.dispatchEvent(new Event('keydown'));
    await settle();
    expect(element.calls).toEqual(['play blob:ringtone']);
    expect(element.playing).toBe(false);
  });
});
