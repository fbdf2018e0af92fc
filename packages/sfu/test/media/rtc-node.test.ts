import { Room, RoomEvent, TrackKind, type RemoteTrack } from '@livekit/rtc-node';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, publishSine, summarise } from '../support/rtc-node-tone.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { mintToken } from '../support/tokens.js';

/*
 * A real LiveKit client written by nobody here: two @livekit/rtc-node participants (LiveKit's Rust SDK) join the
 * SFU with livekit-server-sdk tokens; one publishes a 440 Hz sine, the other must hear it.
 */
describe.each([0, 1])('rtc-node through the SFU (workers: %i)', (workers) => {
  let server: TestServer;
  const rooms: Room[] = [];
  let sine: { stop(): void } | undefined;

  afterEach(async () => {
    sine?.stop();
    for (const room of rooms.splice(0)) await room.disconnect();
    await server.close();
  });

  it('carries a 440 Hz sine from one participant to the other, who sees the speaker active', async () => {
    server = await startTestServer({ workers });

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
    sine = await publishSine(speaker);

    // 10 ms frames: two seconds, of which the first (jitter buffer fill, decoder start) is skipped.
    const heard = summarise(await listen(await subscribed, 200), 100);
    // Silence decodes to RMS ≈ 0; the sine was sent at amplitude 8000 (RMS ≈ 5,650).
    expect(heard.loudShare).toBeGreaterThan(0.8);
    expect(heard.medianTone).toBeGreaterThan(0.5);
    // speakers_changed, from the audio-level header extension of the speaker's packets.
    expect(await speakerHeard).toEqual(['speaker']);
  }, 60_000);
});
