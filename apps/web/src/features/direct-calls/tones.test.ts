import { describe, expect, it } from 'vitest';
import { encodeWav, synthesise, TONE_SAMPLE_RATE, TONES, type ToneSpec } from './tones';

const at = (ms: number) => Math.round((ms * TONE_SAMPLE_RATE) / 1000);

/** The loudest sample in [fromMs, toMs). */
function peak(samples: Int16Array, fromMs: number, toMs: number): number {
  let max = 0;
  for (let i = at(fromMs); i < at(toMs); i += 1) max = Math.max(max, Math.abs(samples[i] ?? 0));
  return max;
}

/** Zero crossings per second over a window: twice the frequency of a pure tone. */
function frequency(samples: Int16Array, fromMs: number, toMs: number): number {
  let crossings = 0;
  for (let i = at(fromMs) + 1; i < at(toMs); i += 1) {
    if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) crossings += 1;
  }
  return crossings / 2 / ((toMs - fromMs) / 1000);
}

describe('synthesised call tones', () => {
  it('ringback: 425 Hz for 0.8 s, then 3.2 s of silence, looped', () => {
    const samples = synthesise(TONES.ringback);
    expect(samples.length).toBe(at(4_000));
    expect(Math.abs(frequency(samples, 100, 700) - 425)).toBeLessThan(5);
    expect(peak(samples, 100, 700)).toBeGreaterThan(0.3 * 32_767);
    expect(peak(samples, 810, 4_000)).toBe(0);
    expect(TONES.ringback.loop).toBe(true);
  });

  it('busy: four 0.35 s beeps 0.35 s apart, played once', () => {
    const samples = synthesise(TONES.busy);
    expect(samples.length).toBe(at(2_800));
    for (let beep = 0; beep < 4; beep += 1) {
      expect(peak(samples, beep * 700 + 50, beep * 700 + 300)).toBeGreaterThan(0.3 * 32_767);
      expect(peak(samples, beep * 700 + 360, beep * 700 + 690)).toBe(0);
    }
    expect(TONES.busy.loop).toBe(false);
  });

  it('ringtone: a chime, then quiet; looped', () => {
    const samples = synthesise(TONES.ringtone);
    expect(samples.length / TONE_SAMPLE_RATE).toBeGreaterThan(2.5);
    expect(peak(samples, 0, 700)).toBeGreaterThan(0.1 * 32_767);
    expect(peak(samples, samples.length / 16 - 1_500, samples.length / 16)).toBe(0);
    expect(TONES.ringtone.loop).toBe(true);
  });

  it('never clips, and every sound starts and ends at zero (no click)', () => {
    const loud: ToneSpec = { segments: [{ frequencies: [440, 880, 1320], ms: 100, gain: 1 }], loop: false };
    for (const spec of [...Object.values(TONES), loud]) {
      const samples = synthesise(spec);
      expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(32_767);
      expect(samples[0]).toBe(0);
      expect(Math.abs(samples.at(-1) ?? 0)).toBeLessThan(50);
    }
  });
});

describe('WAV encoding', () => {
  it('writes a PCM mono 16-bit RIFF header and the samples little-endian', () => {
    const samples = Int16Array.from([0, 1_000, -1_000, 32_767]);
    const view = new DataView(encodeWav(samples, 8_000));
    const ascii = (offset: number) => String.fromCharCode(...new Uint8Array(view.buffer, offset, 4));
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8_000);
    expect(view.getUint32(28, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 1_000, -1_000, 32_767]);
  });
});
