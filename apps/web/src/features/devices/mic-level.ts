/** Spec §9: the mic tester shows 6 bars. */
export const MIC_TESTER_BARS = 6;

/** Quieter than this is silence (room noise through a muted-by-NS mic); louder than the ceiling lights every bar. */
const FLOOR_DB = -60;
const CEILING_DB = -12;
/** How fast the meter falls back after a peak, in level units (0–1) per second: speech reads steady, not flicker. */
const RELEASE_PER_SECOND = 1.6;

/** Root mean square of time-domain samples in [-1, 1] (`AnalyserNode.getFloatTimeDomainData`). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] ?? 0;
    sum += sample * sample;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * Loudness on a decibel scale squeezed to 0–1: the ear hears ratios, so a whisper and a shout both move the meter,
 * where a linear scale would leave speech at one bar.
 */
export function levelFromRms(value: number): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / (CEILING_DB - FLOOR_DB)));
}

/** Rises at once, falls at RELEASE_PER_SECOND: a peak meter's ballistics. */
export function smoothLevel(previous: number, measured: number, elapsedMs: number): number {
  if (measured >= previous) return measured;
  return Math.max(measured, previous - (RELEASE_PER_SECOND * Math.max(0, elapsedMs)) / 1000);
}

/** How many of the bars a level lights: none for silence, all at the ceiling, one as soon as anything is heard. */
export function litBars(level: number, bars: number = MIC_TESTER_BARS): number {
  if (!(level > 0)) return 0;
  return Math.min(bars, Math.max(1, Math.ceil(level * bars - 1e-9)));
}
