import { describe, expect, it } from 'vitest';
import { levelFromRms, litBars, MIC_TESTER_BARS, rms, smoothLevel } from './mic-level';

describe('mic level', () => {
  it('measures a full-scale square wave as 1 and silence as 0', () => {
    expect(rms([1, -1, 1, -1])).toBe(1);
    expect(rms(new Float32Array(128))).toBe(0);
    expect(rms([])).toBe(0);
  });

  it('maps loudness on a decibel scale', () => {
    expect(levelFromRms(0)).toBe(0);
    expect(levelFromRms(0.0005)).toBe(0); // -66 dBFS: below the floor
    expect(levelFromRms(1)).toBe(1);
    const quiet = levelFromRms(0.01); // -40 dBFS
    const loud = levelFromRms(0.1); // -20 dBFS
    expect(quiet).toBeGreaterThan(0.3);
    expect(quiet).toBeLessThan(0.5);
    expect(loud).toBeGreaterThan(0.8);
    expect(loud).toBeLessThan(1);
  });

  it('lights 6 bars at most, none for silence, one for anything heard', () => {
    expect(MIC_TESTER_BARS).toBe(6);
    expect(litBars(0)).toBe(0);
    expect(litBars(0.01)).toBe(1);
    expect(litBars(0.5)).toBe(3);
    expect(litBars(0.51)).toBe(4);
    expect(litBars(1)).toBe(6);
    expect(litBars(5)).toBe(6);
  });

  it('rises at once and falls back gradually', () => {
    expect(smoothLevel(0.2, 0.9, 16)).toBe(0.9);
    const after16ms = smoothLevel(0.9, 0, 16);
    expect(after16ms).toBeLessThan(0.9);
    expect(after16ms).toBeGreaterThan(0.8);
    expect(smoothLevel(0.9, 0, 1000)).toBe(0);
  });
});
