import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { signToken, testScope, waitFor } from './helpers.js';
import { openRaw } from './raw-client.js';

const { server } = testScope();

interface Handshake {
  status: number | undefined;
  protocol: string | undefined;
}

/** A bare HTTP upgrade with the given Sec-WebSocket-Protocol value: what the gateway answers, nothing more. */
function upgrade(port: number, protocolHeader: string): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/connection/websocket',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Protocol': protocolHeader,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      const protocol = res.headers['sec-websocket-protocol'];
      resolve({ status: res.statusCode, protocol });
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode, protocol: undefined });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('realtime gateway and the Sec-WebSocket-Protocol header', () => {
  it('accepts an empty header (Python websockets) and the connection works', async () => {
    const s = await server();
    const c = await openRaw(s.url, { headers: { 'Sec-WebSocket-Protocol': '' } });
    c.send(JSON.stringify({ id: 1, connect: { token: await signToken('u1') } }));
    await waitFor(() => c.frames.some((f) => f.id === 1), 5000, 'connect reply');
    expect(c.frames.find((f) => f.id === 1)).toHaveProperty('connect');
    c.ws.close();
  });

  it('upgrades whatever the header holds, as Centrifugo does, echoing a usable name only', async () => {
    const s = await server();
    expect(await upgrade(s.port, '')).toEqual({ status: 101, protocol: undefined });
    expect(await upgrade(s.port, '  ')).toEqual({ status: 101, protocol: undefined });
    expect(await upgrade(s.port, ', ,')).toEqual({ status: 101, protocol: undefined });
    expect(await upgrade(s.port, 'centrifuge-json')).toEqual({ status: 101, protocol: 'centrifuge-json' });
    expect(await upgrade(s.port, 'not a token, centrifuge-protobuf, centrifuge-protobuf')).toEqual({
      status: 101,
      protocol: 'centrifuge-protobuf',
    });
  });
});
