import { directCallRoom } from '@beseda/protocol/direct-calls';
import * as callApi from '@beseda/protocol/endpoints/direct-calls';
import { createMediaServer } from '@beseda/sfu/create-media-server';
import { type RemoteTrack, Room, RoomEvent, TrackKind } from '@livekit/rtc-node';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, publishSine, summarise } from '../../../../packages/sfu/test/support/rtc-node-tone.js';
import { befriend, eventually, newPerson } from '../integration/chats-fixtures.js';
import { accept, history, ring } from '../integration/direct-calls-fixtures.js';
import { startServer, type TestServer } from '../integration/harness.js';

/*
 * Issue 14: a real LiveKit client (@livekit/rtc-node) in a direct call of the app's embedded SFU. The caller joins the
 * room with the token of POST /api/livekit/direct-call while it rings, the callee with the one of signalToConnect;
 * the caller's 440 Hz sine reaches the callee, and a hang-up through the API takes both out of the room.
 */
describe('rtc-node in a direct call of the app (the real embedded SFU, one worker thread)', () => {
  let server: TestServer | undefined;
  const rooms: Room[] = [];
  let sine: { stop(): void } | undefined;

  afterEach(async () => {
    sine?.stop();
    for (const room of rooms.splice(0)) await room.disconnect();
    await server?.close();
  });

  it('carries a sine from caller to callee; the callee’s token opens the room only after accepting', async () => {
    server = await startServer(
      'pglite',
      {},
      { context: { mediaServer: (options) => createMediaServer({ ...options, workers: 1 }) } },
    );
    const [callerPerson, calleePerson] = [await newPerson(server), await newPerson(server)];
    await befriend(callerPerson, calleePerson);

    const started = await ring(callerPerson, calleePerson);
    const caller = new Room();
    rooms.push(caller);
    await caller.connect(started.url, started.token, { autoSubscribe: true, dynacast: false });
    expect(caller.name).toBe(directCallRoom(started.callId));
    sine = await publishSine(caller);

    // A token minted for the callee before the accept is refused by the SFU (the call admits the caller only).
    const early = await server.ctx.media?.mintToken({
      identity: calleePerson.user.id,
      name: calleePerson.user.nickname,
      room: directCallRoom(started.callId),
    });
    const intruder = new Room();
    rooms.push(intruder);
    await expect(
      intruder.connect(started.url, early ?? '', { autoSubscribe: false, dynacast: false }),
    ).rejects.toThrow();

    const accepted = await accept(calleePerson, started.callId);
    const callee = new Room();
    rooms.push(callee);
    const subscribed = new Promise<RemoteTrack>((resolve) => {
      callee.on(RoomEvent.TrackSubscribed, (track) => {
        if (track.kind === TrackKind.KIND_AUDIO) resolve(track);
      });
    });
    // The call's end takes both out of the room: each client is told it was disconnected.
    const disconnected = [caller, callee].map(
      (room) => new Promise<void>((resolve) => room.on(RoomEvent.Disconnected, () => resolve())),
    );
    await callee.connect(accepted.url, accepted.token, { autoSubscribe: true, dynacast: false });
    expect([...callee.remoteParticipants.keys()]).toEqual([callerPerson.user.id]);

    const heard = summarise(await listen(await within(subscribed, 10_000, 'the caller’s track'), 200), 100);
    expect(heard.loudShare).toBeGreaterThan(0.8);
    expect(heard.medianTone).toBeGreaterThan(0.5);

    // The callee hangs up through the API only (its rtc-node room stays open): the server removes both.
    const ended = await calleePerson.client.call(callApi.hangUpDirectCall, { params: { id: started.callId } });
    expect(ended.status, ended.text).toBe(200);
    await within(Promise.all(disconnected), 10_000, 'Disconnected of both rooms');
    const call = await eventually(
      async () => (await history(callerPerson)).calls[0],
      (latest) => latest?.status === 'ENDED',
    );
    expect(call).toMatchObject({ id: started.callId, endReason: 'hung_up', missed: false });
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
