import {
  AudioFrame,
  AudioSource,
  AudioStream,
  LocalAudioTrack,
  Room,
  RoomEvent,
  TrackKind,
  TrackPublishOptions,
  TrackSource,
  type RemoteTrack,
} from '@livekit/rtc-node';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { rms, sineFrame, toneShare } from '../support/tone.js';
import { mintToken } from '../support/tokens.js';

const SAMPLE_RATE = 48_000;
const TONE_HZ = 440;

/*
 * A real LiveKit client written by nobody here: two @livekit/rtc-node participants (LiveKit's Rust SDK) join the
 * SFU with livekit-server-sdk tokens; one publishes a 440 Hz sine, the other must hear it.
 */
describe.each([0, 1])('rtc-node through the SFU (workers: %i)', (workers) => {
  let server: TestServer;
  const rooms: Room[] = [];
  let publishing = true;

  afterEach(async () => {
    publishing = false;
    for (const room of rooms.splice(0)) await room.disconnect();
    await server.close();
  });

  it('carries a 440 Hz sine from one participant to the other, who sees the speaker active', async () => {
    server = await startTestServer({ workers });
    publishing = true;

    const listener = new Room();
    rooms.push(listener);
    const subscribed = new Promise<RemoteTrack>((resolve) => {
      listener.on(RoomEvent.TrackSubscribed, (track) => {
        if (track.kind === TrackKind.KIND_AUDIO) resolve(track);
      });
    });
    const speakerHeard = new Promise<string[]>((resolve) => {
      listener.on(RoomEvent.ActiveSpeakersChanged, (speakers) => {
        if (speakers.length > 0) resolve(speakers.map((participant) => participant.identity));
      });
    });
    await listener.connect(server.url, await mintToken({ identity: 'listener', room: 'tone' }), {
      autoSubscribe: true,
      dynacast: false,
    });

    const speaker = new Room();
    rooms.push(speaker);
    await speaker.connect(server.url, await mintToken({ identity: 'speaker', room: 'tone' }), {
      autoSubscribe: true,
      dynacast: false,
    });
    const source = new AudioSource(SAMPLE_RATE, 1);
    const track = LocalAudioTrack.createAudioTrack('sine', source);
    const options = new TrackPublishOptions();
    options.source = TrackSource.SOURCE_MICROPHONE;
    await speaker.localParticipant?.publishTrack(track, options);
    void (async () => {
      for (let start = 0; publishing; start += SAMPLE_RATE / 100) {
        const samples = sineFrame(start, SAMPLE_RATE, TONE_HZ, 8000);
        await source.captureFrame(new AudioFrame(samples, SAMPLE_RATE, 1, samples.length));
      }
    })();

    const remote = await subscribed;
    const stream = new AudioStream(remote, SAMPLE_RATE, 1);
    const measured: { rms: number; tone: number }[] = [];
    const reader = stream.getReader();
    while (measured.length < 200) {
      const { value: frame, done } = await reader.read();
      if (done) break;
      // 10 ms frames; the first second (jitter buffer fill, decoder start) is skipped below.
      measured.push({ rms: rms(frame.data), tone: toneShare(frame.data, SAMPLE_RATE, TONE_HZ) });
    }
    reader.releaseLock();
    const tail = measured.slice(100);
    const loud = tail.filter((m) => m.rms > 1000);
    // Silence decodes to RMS ≈ 0; the sine was sent at amplitude 8000 (RMS ≈ 5,650).
    expect(loud.length).toBeGreaterThan(tail.length * 0.8);
    const toneShares = loud.map((m) => m.tone).sort((a, b) => a - b);
    expect(toneShares[Math.floor(toneShares.length / 2)]).toBeGreaterThan(0.5);
    // speakers_changed, from the audio-level header extension of the speaker's packets.
    expect(await speakerHeard).toEqual(['speaker']);
  }, 60_000);
});
