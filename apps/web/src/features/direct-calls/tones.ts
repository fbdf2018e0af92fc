import type { CallTone } from './direct-call-state';

/*
 * The call sounds, synthesised here rather than shipped as files: a few seconds of 16-bit mono PCM each, wrapped in a
 * WAV header and handed to an <audio> element as a Blob URL (so the chosen output device applies, `setSinkId`).
 */

export const TONE_SAMPLE_RATE = 16_000;

/** One stretch of a tone: the frequencies sounding together (none: silence), for `ms`. */
export interface ToneSegment {
  frequencies: readonly number[];
  ms: number;
  /** 0..1 of full scale. */
  gain?: number;
  /** A struck note fades away (a bell); otherwise the level holds, with short ramps at both ends. */
  decay?: boolean;
}

export interface ToneSpec {
  segments: readonly ToneSegment[];
  /** Played again and again until stopped (a ring), or once (busy). */
  loop: boolean;
}

/** ITU-T E.180 / GOST 425 Hz line tones, as a Russian phone plays them. */
const LINE_HZ = 425;
const LINE_GAIN = 0.35;
/** A rising three-note chime (E5, G♯5, B5), the E major arpeggio, twice, then a pause. */
const CHIME = [659.26, 830.61, 987.77] as const;

function chime(): ToneSegment[] {
  const notes = CHIME.map((hz, index) => ({
    frequencies: [hz, hz * 2],
    ms: index === CHIME.length - 1 ? 420 : 160,
    gain: 0.4,
    decay: true,
  }));
  return [...notes, { frequencies: [], ms: 160 }, ...notes];
}

export const TONES: Readonly<Record<CallTone, ToneSpec>> = {
  /** The callee's ring: the chime, then 1.6 s of quiet (a 3.1 s cycle). */
  ringtone: { segments: [...chime(), { frequencies: [], ms: 1_600 }], loop: true },
  /** The caller hears the line ringing: 425 Hz for 0.8 s, 3.2 s of quiet. */
  ringback: {
    segments: [
      { frequencies: [LINE_HZ], ms: 800, gain: LINE_GAIN },
      { frequencies: [], ms: 3_200 },
    ],
    loop: true,
  },
  /** Busy: 425 Hz, 0.35 s on and off, four times, once. */
  busy: {
    segments: Array.from({ length: 4 }, () => [
      { frequencies: [LINE_HZ], ms: 350, gain: LINE_GAIN },
      { frequencies: [], ms: 350 },
    ]).flat(),
    loop: false,
  },
};

/** Length of a ramp at each end of a held tone: without it the speaker clicks. */
const RAMP_MS = 8;

/** The samples of `spec` as signed 16-bit integers. */
export function synthesise(spec: ToneSpec, sampleRate = TONE_SAMPLE_RATE): Int16Array {
  const lengths = spec.segments.map((segment) => Math.round((segment.ms * sampleRate) / 1000));
  const samples = new Int16Array(lengths.reduce((sum, length) => sum + length, 0));
  let offset = 0;
  spec.segments.forEach((segment, index) => {
    const length = lengths[index] ?? 0;
    const gain = segment.gain ?? 0.3;
    const ramp = Math.max(1, Math.round((RAMP_MS * sampleRate) / 1000));
    // Harmonics above the first are quieter, and the sum is scaled so it never clips.
    const weights = segment.frequencies.map((_, harmonic) => (harmonic === 0 ? 1 : 0.35));
    const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
    for (let i = 0; i < length && segment.frequencies.length > 0; i += 1) {
      const t = i / sampleRate;
      let value = 0;
      segment.frequencies.forEach((hz, harmonic) => {
        value += (weights[harmonic] ?? 0) * Math.sin(2 * Math.PI * hz * t);
      });
      const edge = Math.min(1, i / ramp, (length - 1 - i) / ramp);
      const envelope = segment.decay ? edge * Math.exp((-3 * i) / length) : edge;
      samples[offset + i] = Math.round((value / total) * gain * envelope * 32_767);
    }
    offset += length;
  });
  return samples;
}

/** A RIFF/WAVE file: PCM, mono, 16-bit little-endian. */
export function encodeWav(samples: Int16Array, sampleRate = TONE_SAMPLE_RATE): ArrayBuffer {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, index) => view.setInt16(44 + index * 2, sample, true));
  return buffer;
}

const urls = new Map<CallTone, string>();

/** The tone as a Blob URL, made once per page (a few hundred KB at most, kept for the page's life). */
export function toneUrl(tone: CallTone): string {
  let url = urls.get(tone);
  if (!url) {
    const blob = new Blob([encodeWav(synthesise(TONES[tone]))], { type: 'audio/wav' });
    url = URL.createObjectURL(blob);
    urls.set(tone, url);
  }
  return url;
}
