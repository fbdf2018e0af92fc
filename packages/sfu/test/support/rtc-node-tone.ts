import {
  AudioFrame,
  AudioSource,
  AudioStream,
  LocalAudioTrack,
  type RemoteTrack,
  type Room,
  TrackPublishOptions,
  TrackSource,
} from '@livekit/rtc-node';
import { rms, sineFrame, toneShare } from './tone.js';

export const SAMPLE_RATE = 48_000;
export const TONE_HZ = 440;

/** One 10 ms frame as heard: its RMS and the share of its energy at the tone's frequency. */
export interface HeardFrame {
  rms: number;
  tone: number;
}

/**
 * Publishes a microphone track on `room` and feeds it a sine at `frequency` (amplitude 8000, RMS ≈ 5,650) in 10 ms
 * frames until `stop()`. captureFrame paces the loop at real time.
 */
export async function publishSine(room: Room, frequency = TONE_HZ): Promise<{ stop(): void }> {
  const source = new AudioSource(SAMPLE_RATE, 1);
  const track = LocalAudioTrack.createAudioTrack('sine', source);
  const options = new TrackPublishOptions();
  options.source = TrackSource.SOURCE_MICROPHONE;
  await room.localParticipant?.publishTrack(track, options);
  let publishing = true;
  void (async () => {
    for (let start = 0; publishing; start += SAMPLE_RATE / 100) {
      const samples = sineFrame(start, SAMPLE_RATE, frequency, 8000);
      await source.captureFrame(new AudioFrame(samples, SAMPLE_RATE, 1, samples.length));
    }
  })();
  return {
    stop() {
      publishing = false;
    },
  };
}

/** Decodes `frames` 10 ms frames of a subscribed audio track and measures each. */
export async function listen(track: RemoteTrack, frames: number, frequency = TONE_HZ): Promise<HeardFrame[]> {
  const reader = new AudioStream(track, SAMPLE_RATE, 1).getReader();
  const heard: HeardFrame[] = [];
  try {
    while (heard.length < frames) {
      const { value: frame, done } = await reader.read();
      if (done) break;
      heard.push({ rms: rms(frame.data), tone: toneShare(frame.data, SAMPLE_RATE, frequency) });
    }
  } finally {
    reader.releaseLock();
  }
  return heard;
}

/**
 * What a listener made of a sine: the share of loud frames (RMS > 1000; silence decodes to ≈ 0) and the median tone
 * share among them, skipping the first `skip` frames (jitter buffer fill, decoder start).
 */
export function summarise(heard: readonly HeardFrame[], skip: number): { loudShare: number; medianTone: number } {
  const tail = heard.slice(skip);
  const loud = tail.filter((frame) => frame.rms > 1000);
  const tones = loud.map((frame) => frame.tone).sort((a, b) => a - b);
  return {
    loudShare: tail.length === 0 ? 0 : loud.length / tail.length,
    medianTone: tones[Math.floor(tones.length / 2)] ?? 0,
  };
}
