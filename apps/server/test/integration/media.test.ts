import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import type { MediaTokenResponse } from '@beseda/protocol/livekit';
import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MediaConfig } from '../../src/media/config.js';
import { newPerson, type Person } from './chats-fixtures.js';
import { type FakeMediaServer, fakeMediaFactory } from './fake-media-server.js';
import { createChannel, groupWith } from './groups-fixtures.js';
import { startServer, type TestServer } from './harness.js';
import { joinVoice, NO_MEDIA_CONFIG } from './voice-fixtures.js';

async function voiceChannelOf(server: TestServer): Promise<{ owner: Person; channelId: string }> {
  const owner = await newPerson(server);
  const group = await groupWith(owner);
  const voice = await createChannel(owner, group.id, 'Голосовой', 'RTCP');
  return { owner, channelId: voice.id };
}

/** Opens a WebSocket and resolves with its first message, or with the HTTP status that refused the upgrade. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; message?: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('message', (data) => {
      resolve({ status: 101, message: JSON.parse(String(data)) as unknown });
      socket.close();
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.on('close', (code) => resolve({ status: 101, message: { closed: code } }));
    socket.on('error', reject);
  });
}

describe('the embedded SFU mounted under /media (a fake of its interface)', () => {
  let server: TestServer;
  let media: () => FakeMediaServer;
  const turn = { secret: 'coturn-shared-secret-for-tests', urls: ['turn:127.0.0.1:3478?transport=udp'] };

  beforeAll(async () => {
    const fake = fakeMediaFactory();
    media = fake.server;
    const config: MediaConfig = {
      ...NO_MEDIA_CONFIG,
      udpPortRange: { min: 50_000, max: 50_100 },
      announcedIp: '203.0.113.7',
      iceServers: [{ urls: ['stun:stun.example.org:3478'] }],
      turn: { ...turn, ttlSeconds: 6 * 3600 },
      forceRelay: true,
    };
    server = await startServer('pglite', { media: config }, { context: { mediaServer: fake.factory } });
  });
  afterAll(() => server.close());

  it('passes MEDIA_UDP_PORTS, MEDIA_ANNOUNCED_IP and MEDIA_FORCE_RELAY to the SFU, and ICE servers with TURN credentials minted per join', async () => {
    expect(media().options).toMatchObject({
      udpPortRange: { min: 50_000, max: 50_100 },
      announcedIp: '203.0.113.7',
      forceRelay: true,
    });
    const { owner, channelId } = await voiceChannelOf(server);
    const claims = await media().connect((await joinVoice(owner, channelId)).token);
    const before = Math.floor(Date.now() / 1000);
    const servers = (await media().options.iceServersFor?.(claims)) ?? [];
    expect(servers).toHaveLength(2);
    expect(servers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const [expiry, userId] = (servers[1]?.username ?? '').split(':');
    expect(userId).toBe(owner.user.id);
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(6 * 3600 - 5);
    expect(servers[1]?.urls).toEqual(turn.urls);
    expect(servers[1]?.credential).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('GET /media/rtc/validate checks a token (query or bearer); /media/rtc/v1/validate is 404', async () => {
    const { owner, channelId } = await voiceChannelOf(server);
    const { token } = await joinVoice(owner, channelId);
    const client = server.client();
    const byQuery = await client.get(`/media/rtc/validate?access_token=${token}`);
    expect(byQuery.status).toBe(200);
    const byHeader = await client.get('/media/rtc/validate', { headers: { authorization: `Bearer ${token}` } });
    expect(byHeader.status).toBe(200);
    expect((await client.get('/media/rtc/validate')).status).toBe(401);
    expect((await client.get(`/media/rtc/validate?access_token=${token}x`)).status).toBe(401);
    // livekit-client falls back to /rtc on this 404.
    expect((await client.get(`/media/rtc/v1/validate?access_token=${token}`)).status).toBe(404);
  });

  it('routes /media/rtc upgrades to the SFU with the path below /media, under the gateway’s Origin rule', async () => {
    const { owner, channelId } = await voiceChannelOf(server);
    const { token, url } = await joinVoice(owner, channelId);
    const rtc = `${url}/rtc?access_token=${token}&auto_subscribe=1`;
    // livekit-client from the app's own page.
    const fromPage = await upgrade(rtc, { origin: server.url });
    expect(fromPage).toEqual({
      status: 101,
      message: { path: '/rtc', claims: expect.objectContaining({ room: channelId }) },
    });
    // rtc-node and other native clients send no Origin.
    expect(await upgrade(rtc)).toMatchObject({ status: 101, message: { path: '/rtc' } });
    expect(await upgrade(rtc, { origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await upgrade(`${url}/rtc/v1?access_token=${token}`)).toEqual({ status: 404 });
    expect(await upgrade(`${url}/elsewhere`)).toEqual({ status: 404 });
    expect(media().upgrades).toEqual(['/rtc', '/rtc', '/rtc/v1']);
  });
});

describe('the media URL handed out', () => {
  it('is MEDIA_URL when set, else derived from the request, honouring X-Forwarded-* behind a trusted proxy', async () => {
    const fake = fakeMediaFactory();
    const proxied = await startServer('pglite', { trustProxy: true }, { context: { mediaServer: fake.factory } });
    const fixed = await startServer(
      'pglite',
      { media: { ...NO_MEDIA_CONFIG, publicUrl: 'wss://media.example.org/sfu' } },
      { context: { mediaServer: fakeMediaFactory().factory } },
    );
    try {
      const behindProxy = await voiceChannelOf(proxied);
      const response = await behindProxy.owner.client.request('POST', '/api/livekit/join-channel', {
        json: { channelId: behindProxy.channelId },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'beseda.example.org' },
        endpoint: livekitApi.joinChannel,
      });
      expect((response.body as MediaTokenResponse).url).toBe('wss://beseda.example.org/media');
      const configured = await voiceChannelOf(fixed);
      expect((await joinVoice(configured.owner, configured.channelId)).url).toBe('wss://media.example.org/sfu');
    } finally {
      await proxied.close();
      await fixed.close();
    }
    // Two servers booted in one test: on two busy cores that alone can take most of the default 30 s.
  }, 60_000);
});

describe('LIVEKIT_URL: an external LiveKit instead of the embedded SFU', () => {
  let server: TestServer;
  let livekit: Server;
  const calls: { path: string; body: unknown; authorization: string }[] = [];
  const credentials = { apiKey: 'APIexternal', apiSecret: 'external-livekit-secret-of-32-characters' };
  let factoryCalled = false;

  beforeAll(async () => {
    // LiveKit's RoomService speaks Twirp (JSON over POST); this stands in for it to record what the app asks.
    livekit = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        calls.push({
          path: request.url ?? '',
          body: JSON.parse(body) as unknown,
          authorization: request.headers.authorization ?? '',
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => livekit.listen(0, '127.0.0.1', resolve));
    const { port } = livekit.address() as AddressInfo;
    const config: MediaConfig = { ...NO_MEDIA_CONFIG, livekit: { url: `ws://127.0.0.1:${port}`, ...credentials } };
    const factory = fakeMediaFactory();
    server = await startServer(
      'pglite',
      { media: config },
      {
        context: {
          mediaServer: (options) => {
            factoryCalled = true;
            return factory.factory(options);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await server.close();
    // fetch keeps its connection alive for a while: close it rather than wait for it.
    livekit.closeAllConnections();
    await new Promise((resolve) => livekit.close(resolve));
  });

  it('starts no SFU, mounts nothing under /media, and hands out LiveKit’s URL with tokens signed by its key', async () => {
    expect(factoryCalled).toBe(false);
    expect(server.ctx.media?.kind).toBe('livekit');
    expect(server.ctx.media?.embedded).toBeNull();
    const { owner, channelId } = await voiceChannelOf(server);
    const { token, url } = await joinVoice(owner, channelId);
    expect(url).toBe(`ws://127.0.0.1:${(livekit.address() as AddressInfo).port}`);
    const grants = await new TokenVerifier(credentials.apiKey, credentials.apiSecret).verify(token);
    expect(grants.sub).toBe(owner.user.id);
    expect(grants.video).toMatchObject({ roomJoin: true, room: channelId, canPublish: true, canSubscribe: true });
    expect((await server.client().get(`/media/rtc/validate?access_token=${token}`)).status).toBe(404);
  });

  it('asks LiveKit to remove the participant from the room the user left', async () => {
    const { owner, channelId } = await voiceChannelOf(server);
    await joinVoice(owner, channelId);
    expect((await owner.client.call(livekitApi.leaveChannel)).status).toBe(200);
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]).toMatchObject({
      path: '/twirp/livekit.RoomService/RemoveParticipant',
      body: { room: channelId, identity: owner.user.id },
    });
    const adminToken = calls[0]?.authorization.replace(/^Bearer /, '') ?? '';
    const grants = await new TokenVerifier(credentials.apiKey, credentials.apiSecret).verify(adminToken);
    expect(grants.video).toMatchObject({ roomAdmin: true, room: channelId });
  });
});
