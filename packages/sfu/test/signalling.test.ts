import {
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  ParticipantInfo_State,
  ClientConfigSetting,
  TrackSource,
  TrackType,
  AddTrackRequest,
  MuteTrackRequest,
  Ping,
} from '@livekit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SignalClient } from './support/signal-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { mintToken } from './support/tokens.js';

describe.each([0, 1])('signalling (workers: %i)', (workers) => {
  let server: TestServer;
  const clients: SignalClient[] = [];

  async function join(identity: string, room = 'room-1', via: 'query' | 'header' = 'query'): Promise<SignalClient> {
    const client = await SignalClient.connect(server.url, await mintToken({ identity, room }), via);
    clients.push(client);
    return client;
  }

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server.close();
  });

  it('answers a join with LiveKit’s JoinResponse and offers the subscriber connection at once', async () => {
    server = await startTestServer({
      workers,
      iceServersFor: (claims) => [{ urls: ['turn:127.0.0.1:3478'], username: claims.identity, credential: 'x' }],
    });
    const alice = await join('alice');
    const response = await alice.next('join');
    expect(response.room?.name).toBe('room-1');
    expect(response.room?.sid).toMatch(/^RM_/);
    expect(response.participant?.sid).toMatch(/^PA_/);
    expect(response.participant?.identity).toBe('alice');
    expect(response.participant?.permission).toMatchObject({
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    expect(response.serverVersion).not.toBe('');
    expect(response.serverInfo?.version).not.toBe('');
    expect(response.subscriberPrimary).toBe(true);
    expect([response.pingInterval, response.pingTimeout]).toEqual([5, 15]);
    expect(response.clientConfiguration?.resumeConnection).toBe(ClientConfigSetting.DISABLED);
    expect(response.clientConfiguration?.forceRelay).toBe(ClientConfigSetting.UNSET);
    expect(response.iceServers[0]).toMatchObject({ urls: ['turn:127.0.0.1:3478'], username: 'alice' });
    expect(response.otherParticipants).toEqual([]);

    const offer = await alice.next('offer');
    expect(offer.type).toBe('offer');
    expect(offer.sdp).toContain('m=application');
    expect(server.events).toEqual([{ kind: 'joined', room: 'room-1', identity: 'alice' }]);

    const bob = await join('bob', 'room-1', 'header');
    const bobJoin = await bob.next('join');
    expect(bobJoin.otherParticipants.map((p) => p.identity)).toEqual(['alice']);
    const update = await alice.next('update', (u) => u.participants.some((p) => p.identity === 'bob'));
    expect(update.participants[0]?.sid).toBe(bobJoin.participant?.sid);
  });

  it('tells clients to use TURN relays only when forceRelay is set (client_configuration.force_relay)', async () => {
    server = await startTestServer({ workers, forceRelay: true });
    const response = await (await join('alice')).next('join');
    expect(response.clientConfiguration?.forceRelay).toBe(ClientConfigSetting.ENABLED);
    expect(response.clientConfiguration?.resumeConnection).toBe(ClientConfigSetting.DISABLED);
  });

  it('answers ping and ping_req', async () => {
    server = await startTestServer({ workers });
    const alice = await join('alice');
    await alice.next('join');
    alice.send({ case: 'ping', value: 123n });
    expect(await alice.next('pong')).toBeGreaterThan(0n);
    alice.send({ case: 'pingReq', value: new Ping({ timestamp: 456n, rtt: 3n }) });
    const pong = await alice.next('pongResp');
    expect(pong.lastPingTimestamp).toBe(456n);
    expect(pong.timestamp).toBeGreaterThan(0n);
  });

  it('publishes a track on add_track and echoes mute in the next update', async () => {
    server = await startTestServer({ workers });
    const alice = await join('alice');
    const aliceSid = (await alice.next('join')).participant?.sid;
    const bob = await join('bob');
    await bob.next('join');

    alice.send({
      case: 'addTrack',
      value: new AddTrackRequest({
        cid: 'mic-cid',
        name: 'microphone',
        type: TrackType.AUDIO,
        source: TrackSource.MICROPHONE,
        muted: false,
      }),
    });
    const published = await alice.next('trackPublished');
    expect(published.cid).toBe('mic-cid');
    expect(published.track?.sid).toMatch(/^TR_/);
    expect(published.track).toMatchObject({
      name: 'microphone',
      type: TrackType.AUDIO,
      source: TrackSource.MICROPHONE,
    });
    const trackSid = published.track?.sid ?? '';

    const seen = await bob.next('update', (u) => u.participants.some((p) => p.tracks.length === 1));
    const before = seen.participants.find((p) => p.sid === aliceSid);
    expect(before?.tracks[0]).toMatchObject({ sid: trackSid, muted: false });

    alice.send({ case: 'mute', value: new MuteTrackRequest({ sid: trackSid, muted: true }) });
    const muted = await bob.next('update', (u) => u.participants.some((p) => p.tracks[0]?.muted === true));
    const after = muted.participants.find((p) => p.sid === aliceSid);
    expect(after?.tracks[0]?.sid).toBe(trackSid);
    expect(after?.version).toBeGreaterThan(before?.version ?? Infinity);
    // The publisher hears its own mute echoed too, or livekit-client keeps re-sending it.
    await alice.next('update', (u) => u.participants.some((p) => p.tracks[0]?.muted === true));
  });

  it('tells the others when a participant leaves, with the reason given to the host', async () => {
    server = await startTestServer({ workers });
    const alice = await join('alice');
    const aliceSid = (await alice.next('join')).participant?.sid;
    const bob = await join('bob');
    await bob.next('join');
    alice.send({ case: 'leave', value: new LeaveRequest({ reason: DisconnectReason.CLIENT_INITIATED }) });
    const update = await bob.next('update', (u) =>
      u.participants.some((p) => p.sid === aliceSid && p.state === ParticipantInfo_State.DISCONNECTED),
    );
    expect(update.participants[0]?.identity).toBe('alice');
    await alice.closed;
    await expect
      .poll(() => server.events.filter((e) => e.kind === 'left'))
      .toEqual([{ kind: 'left', room: 'room-1', identity: 'alice', reason: 'client_leave' }]);

    bob.close();
    await expect
      .poll(() => server.events.at(-1))
      .toEqual({
        kind: 'left',
        room: 'room-1',
        identity: 'bob',
        reason: 'disconnected',
      });
    await expect.poll(() => server.media.stats()).toMatchObject({ rooms: 0, participants: 0, tracks: 0 });
  });

  it('evicts the older participant of the same identity', async () => {
    server = await startTestServer({ workers });
    const first = await join('alice');
    const firstSid = (await first.next('join')).participant?.sid;
    const bob = await join('bob');
    await bob.next('join');
    const second = await join('alice');
    const secondJoin = await second.next('join');
    expect(secondJoin.otherParticipants.map((p) => p.identity)).toEqual(['bob']);

    const leave = await first.next('leave');
    expect(leave.reason).toBe(DisconnectReason.DUPLICATE_IDENTITY);
    expect(leave.action).toBe(LeaveRequest_Action.DISCONNECT);
    await first.closed;
    await bob.next('update', (u) =>
      u.participants.some((p) => p.sid === firstSid && p.state === ParticipantInfo_State.DISCONNECTED),
    );
    expect(server.events.filter((e) => e.kind === 'left')).toEqual([
      { kind: 'left', room: 'room-1', identity: 'alice', reason: 'evicted' },
    ]);
    expect(await server.media.stats()).toMatchObject({ rooms: 1, participants: 2 });
  });

  it('removes a participant on the host’s request', async () => {
    server = await startTestServer({ workers });
    const alice = await join('alice');
    await alice.next('join');
    await server.media.removeParticipant('room-1', 'alice');
    const leave = await alice.next('leave');
    expect(leave.reason).toBe(DisconnectReason.PARTICIPANT_REMOVED);
    await alice.closed;
    expect(server.events.at(-1)).toEqual({ kind: 'left', room: 'room-1', identity: 'alice', reason: 'removed' });
  });

  it('refuses a bad token with 401 on validate and on the upgrade', async () => {
    server = await startTestServer({ workers });
    const forged = await mintToken({
      identity: 'mallory',
      room: 'room-1',
      secret: 'another-secret-of-enough-length!!',
    });
    const validate = await fetch(`${server.httpUrl}/rtc/validate?access_token=${forged}`);
    expect(validate.status).toBe(401);
    expect(await validate.text()).toMatch(/^invalid token/);
    expect(await server.media.validate(null)).toMatchObject({ status: 401 });
    await expect(SignalClient.connect(server.url, forged)).rejects.toThrow('HTTP 401');

    const good = await mintToken({ identity: 'alice', room: 'room-1' });
    expect((await fetch(`${server.httpUrl}/rtc/validate?access_token=${good}`)).status).toBe(200);
  });

  it('refuses a token without a room', async () => {
    server = await startTestServer({ workers });
    const roomless = await mintToken({ identity: 'alice' });
    expect(await server.media.validate(roomless)).toMatchObject({ status: 401 });
    await expect(SignalClient.connect(server.url, roomless)).rejects.toThrow('HTTP 401');
  });

  it('answers the single-peer-connection path with a plain 404 and leaves foreign paths alone', async () => {
    server = await startTestServer({ workers });
    const token = await mintToken({ identity: 'alice', room: 'room-1' });
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${server.url}/rtc/v1?access_token=${token}`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('upgraded')));
    });
    expect(status).toBe(404);
    expect(server.media.handleUpgrade({} as never, {} as never, Buffer.alloc(0), '/api/realtime')).toBe(false);
  });
});
