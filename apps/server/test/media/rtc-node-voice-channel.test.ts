import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import { createMediaServer } from '@beseda/sfu/create-media-server';
import { type RemoteParticipant, type RemoteTrack, Room, RoomEvent, TrackKind } from '@livekit/rtc-node';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, publishSine, summarise } from '../../../../packages/sfu/test/support/rtc-node-tone.js';
import { newPerson } from '../integration/chats-fixtures.js';
import { createChannel, groupWith } from '../integration/groups-fixtures.js';
import { startServer, type TestServer } from '../integration/harness.js';
import { joinVoice, voiceStatus } from '../integration/voice-fixtures.js';

/*
 * Issue 13: a real LiveKit client written by nobody here (@livekit/rtc-node, LiveKit's Rust SDK) joins the app's
 * embedded SFU the way the web app does: the token and URL come from POST /api/livekit/join-channel, for members of
 * the channel's group. One member publishes a 440 Hz sine, the other hears it; leave-channel takes the publisher out
 * of the room.
 */
describe('rtc-node in a voice channel of the app (the real embedded SFU, one worker thread)', () => {
  let server: TestServer | undefined;
  const rooms: Room[] = [];
  let sine: { stop(): void } | undefined;

  afterEach(async () => {
    sine?.stop();
    for (const room of rooms.splice(0)) await room.disconnect();
    await server?.close();
  });

  it('carries a 440 Hz sine between two members; leave-channel removes the publisher from the SFU', async () => {
    server = await startServer(
      'pglite',
      {},
      { context: { mediaServer: (options) => createMediaServer({ ...options, workers: 1 }) } },
    );
    const [speakerPerson, listenerPerson] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(speakerPerson, listenerPerson);
    const voice = await createChannel(speakerPerson, group.id, 'Голосовой', 'RTCP');

    const listenerJoin = await joinVoice(listenerPerson, voice.id);
    expect(listenerJoin.url).toBe(`${server.url.replace('http', 'ws')}/media`);
    const listener = new Room();
    rooms.push(listener);
    const subscribed = new Promise<RemoteTrack>((resolve) => {
      listener.on(RoomEvent.TrackSubscribed, (track) => {
        if (track.kind === TrackKind.KIND_AUDIO) resolve(track);
      });
    });
    const departed = new Promise<RemoteParticipant>((resolve) => {
      listener.on(RoomEvent.ParticipantDisconnected, resolve);
    });
    await listener.connect(listenerJoin.url, listenerJoin.token, { autoSubscribe: true, dynacast: false });

    const speakerJoin = await joinVoice(speakerPerson, voice.id);
    const speaker = new Room();
    rooms.push(speaker);
    await speaker.connect(speakerJoin.url, speakerJoin.token, { autoSubscribe: true, dynacast: false });
    expect(speaker.localParticipant?.identity).toBe(speakerPerson.user.id);
    sine = await publishSine(speaker);

    const track = await subscribed;
    expect([...listener.remoteParticipants.keys()]).toEqual([speakerPerson.user.id]);
    // 10 ms frames: two seconds, of which the first (jitter buffer fill, decoder start) is skipped.
    const heard = summarise(await listen(track, 200), 100);
    // Silence decodes to RMS ≈ 0; the sine was sent at amplitude 8000 (RMS ≈ 5,650).
    expect(heard.loudShare).toBeGreaterThan(0.8);
    expect(heard.medianTone).toBeGreaterThan(0.5);

    // The publisher leaves through the API only (its rtc-node room stays open): the server removes it from the SFU.
    const left = await speakerPerson.client.call(livekitApi.leaveChannel);
    expect(left.status, left.text).toBe(200);
    expect((await within(departed, 10_000, 'ParticipantDisconnected')).identity).toBe(speakerPerson.user.id);
    expect(listener.remoteParticipants.size).toBe(0);
    expect((await voiceStatus(listenerPerson, group.id)).map((member) => member.userId)).toEqual([
      listenerPerson.user.id,
    ]);
  });
});

/** `promise`, or a failure naming what did not happen within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      setTimeout(() => reject(new Error(`${what} did not arrive within ${ms} ms`)), ms).unref();
    }),
  ]);
}
