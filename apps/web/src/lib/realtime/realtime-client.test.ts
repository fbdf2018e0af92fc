import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedError } from 'centrifuge';
import type { ServerEvent } from '@beseda/protocol/server-events';
import type { Logger } from '../logger';
import { FakeCentrifuge } from './fake-centrifuge';
import { RealtimeClient, type ConnectionState, type RealtimeClientOptions } from './realtime-client';

const USER = 'u1';
const PERSONAL = `notification:user#${USER}`;

function silentLogger(): Logger {
  const logger: Logger = {
    debug: vi.fn(),
    log: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    child: () => logger,
  };
  return logger;
}

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const created: FakeCentrifuge[] = [];
  const onConnectionProblem = vi.fn();
  const logger = silentLogger();
  const client = new RealtimeClient({
    url: 'ws://app.test/connection/websocket',
    getToken: () => Promise.resolve('jwt'),
    onConnectionProblem,
    logger,
    createCentrifuge: (url, options) => {
      const fake = new FakeCentrifuge(url, options);
      created.push(fake);
      return fake;
    },
    ...overrides,
  });
  const states: ConnectionState[] = [];
  client.subscribe(() => states.push(client.getSnapshot()));
  const current = () => {
    const fake = created.at(-1);
    if (!fake) throw new Error('No centrifuge client created');
    return fake;
  };
  return { client, created, current, states, onConnectionProblem, logger };
}

const connected = { client: 'client-1', transport: 'websocket' };

describe('RealtimeClient lifecycle', () => {
  it('hands its network events (online: reconnect now) to the centrifuge client', () => {
    const networkEvents = new EventTarget();
    const { client, current } = setup({ networkEvents });
    client.start(USER);
    expect(current().options.networkEventTarget).toBe(networkEvents);
  });

  it('connects with the spec options and subscribes the three channels with recovery', () => {
    const { client, current, states } = setup();
    client.start(USER);
    const fake = current();
    expect(fake.url).toBe('ws://app.test/connection/websocket');
    expect(fake.options).toMatchObject({
      minReconnectDelay: 500,
      maxReconnectDelay: 20_000,
      timeout: 5_000,
      maxServerPingDelay: 10_000,
    });
    expect(fake.subscriptions.map((sub) => sub.channel)).toEqual([
      'notification',
      PERSONAL,
      `notification:user:message#${USER}`,
    ]);
    for (const sub of fake.subscriptions) {
      expect(sub.subscribed).toBe(true);
      expect(sub.options).toMatchObject({ recoverable: true, minResubscribeDelay: 500, maxResubscribeDelay: 20_000 });
    }
    expect(fake.connects).toBe(1);
    expect(states).toEqual(['connecting']);
  });

  it('goes disconnected → connecting → connected and exposes the client id', () => {
    const { client, current, states } = setup();
    expect(client.getSnapshot()).toBe('disconnected');
    client.start(USER);
    current().emit('connecting', { code: 0, reason: 'connect called' });
    current().emit('connected', connected);
    expect(states).toEqual(['connecting', 'connected']);
    expect(client.clientId).toBe('client-1');
    current().emit('connecting', { code: 3001, reason: 'shutdown' });
    expect(client.getSnapshot()).toBe('connecting');
    expect(client.clientId).toBeNull();
  });

  it('starting again for the same user keeps the connection; another user replaces it', () => {
    const { client, created } = setup();
    client.start(USER);
    client.start(USER);
    expect(created).toHaveLength(1);
    client.start('u2');
    expect(created).toHaveLength(2);
    expect(created[0]?.disconnects).toBe(1);
  });

  it('stop disconnects, forgets the user and ignores late events of the old client', () => {
    const { client, current } = setup();
    client.start(USER);
    const fake = current();
    fake.emit('connected', connected);
    client.stop();
    expect(fake.disconnects).toBe(1);
    expect(client.getSnapshot()).toBe('disconnected');
    expect(client.userId).toBeNull();
    fake.emit('connected', connected);
    expect(client.getSnapshot()).toBe('disconnected');
  });

  it('passes the token through, and turns "signed out" into the client\'s unauthorized error', async () => {
    const tokens: (string | null)[] = ['jwt-1', null];
    const { client, current } = setup({ getToken: () => Promise.resolve(tokens.shift() ?? null) });
    client.start(USER);
    const getToken = current().options.getToken;
    if (!getToken) throw new Error('getToken missing');
    await expect(getToken({})).resolves.toBe('jwt-1');
    await expect(getToken({})).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('RealtimeClient connection problems', () => {
  it('reports one problem per outage, however many retries fail', () => {
    const { client, current, onConnectionProblem } = setup();
    client.start(USER);
    const fake = current();
    fake.emit('connected', connected);
    fake.emit('connecting', { code: 3001, reason: 'shutdown' });
    for (let i = 0; i < 5; i += 1) {
      fake.emit('error', { type: 'transport', error: { code: 2, message: 'transport closed' } });
      fake.emit('connecting', { code: 1, reason: 'transport closed' });
    }
    expect(onConnectionProblem).toHaveBeenCalledOnce();
    fake.emit('connected', connected);
    fake.emit('connecting', { code: 1, reason: 'transport closed' });
    expect(onConnectionProblem).toHaveBeenCalledTimes(2);
  });

  it('reports a first connection that never succeeds', () => {
    const { client, current, onConnectionProblem } = setup();
    client.start(USER);
    current().emit('connecting', { code: 0, reason: 'connect called' });
    current().emit('error', { type: 'connectToken', error: { code: 5, message: 'network' } });
    current().emit('error', { type: 'connectToken', error: { code: 5, message: 'network' } });
    expect(onConnectionProblem).toHaveBeenCalledOnce();
  });

  it('does not report the server ending the session (sign-out, terminated from another device)', () => {
    const { client, current, onConnectionProblem } = setup();
    client.start(USER);
    current().emit('connected', connected);
    current().emit('disconnected', { code: 4500, reason: 'session ended' });
    expect(onConnectionProblem).not.toHaveBeenCalled();
  });

  it('does not count a token refresh error on a working connection', () => {
    const { client, current, onConnectionProblem } = setup();
    client.start(USER);
    current().emit('connected', connected);
    current().emit('error', { type: 'refreshToken', error: { code: 6, message: 'later' } });
    expect(onConnectionProblem).not.toHaveBeenCalled();
  });
});

describe('RealtimeClient terminal disconnects', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops, checks the session and, if it is valid, connects again after the pause and resyncs', async () => {
    const checkSession = vi.fn(() => Promise.resolve(true));
    const { client, created, current, onConnectionProblem } = setup({ checkSession, restartDelayMs: 1_000 });
    const resync = vi.fn();
    client.onResync(resync);
    client.start(USER);
    current().emit('connected', connected);
    current().emit('disconnected', { code: 3500, reason: 'invalid token' });
    expect(client.getSnapshot()).toBe('disconnected');
    expect(onConnectionProblem).toHaveBeenCalledOnce();
    expect(checkSession).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(999);
    expect(created).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(created).toHaveLength(2);
    expect(client.getSnapshot()).toBe('connecting');
    current().emit('connected', connected);
    expect(resync).toHaveBeenCalledOnce();
  });

  it('an outdated build (4501) tells the app and never reconnects', async () => {
    const checkSession = vi.fn(() => Promise.resolve(true));
    const onClientOutdated = vi.fn();
    const { client, created, current } = setup({ checkSession, onClientOutdated, restartDelayMs: 10 });
    client.start(USER);
    current().emit('disconnected', { code: 4501, reason: 'client outdated' });
    await vi.advanceTimersByTimeAsync(100);
    expect(onClientOutdated).toHaveBeenCalledOnce();
    expect(checkSession).not.toHaveBeenCalled();
    expect(created).toHaveLength(1);
  });

  it('stays down when the session is gone', async () => {
    const { client, created, current } = setup({ checkSession: () => Promise.resolve(false), restartDelayMs: 10 });
    client.start(USER);
    current().emit('disconnected', { code: 3503, reason: 'session terminated' });
    await vi.advanceTimersByTimeAsync(100);
    expect(created).toHaveLength(1);
    expect(client.getSnapshot()).toBe('disconnected');
  });

  it('a stop during the pause cancels the restart', async () => {
    const { client, created, current } = setup({ checkSession: () => Promise.resolve(true), restartDelayMs: 10 });
    client.start(USER);
    current().emit('disconnected', { code: 3500, reason: 'invalid token' });
    await vi.advanceTimersByTimeAsync(0);
    client.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(created).toHaveLength(1);
  });
});

describe('RealtimeClient events', () => {
  const online: ServerEvent = { type: 'set_online_status', payload: { userId: 'u2', online: true } };

  function connectedSetup() {
    const context = setup();
    context.client.start(USER);
    context.current().emit('connected', connected);
    const personal = context.current().subscription(PERSONAL);
    personal.emit('subscribed', {
      channel: PERSONAL,
      recoverable: true,
      positioned: true,
      streamPosition: { offset: 0, epoch: 'e1' },
      wasRecovering: false,
      recovered: false,
      hasRecoveredPublications: false,
    });
    return { ...context, personal };
  }

  it('dispatches valid events, once per offset', () => {
    const { client, personal } = connectedSetup();
    const handler = vi.fn();
    client.on('set_online_status', handler);
    personal.emit('publication', { channel: PERSONAL, data: online, offset: 1 });
    personal.emit('publication', { channel: PERSONAL, data: online, offset: 1 });
    personal.emit('publication', { channel: PERSONAL, data: online, offset: 2 });
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenLastCalledWith(online, { channel: PERSONAL, offset: 2 });
  });

  it('applies a durable event once even when it is published again with a new offset', () => {
    const { client, personal } = connectedSetup();
    const handler = vi.fn();
    client.on('contact', handler);
    const request = { type: 'contact', status: 'pending', payload: { from: 'ann', userId: 'u2' } };
    personal.emit('publication', { channel: PERSONAL, data: { id: 'ev-1', ...request }, offset: 1 });
    // The publisher died after the broker took it; another process published it again from the delivery log.
    personal.emit('publication', { channel: PERSONAL, data: { id: 'ev-1', ...request }, offset: 2 });
    personal.emit('publication', { channel: PERSONAL, data: { id: 'ev-2', ...request }, offset: 3 });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('logs and drops malformed events, a bad payload of a known type included', () => {
    const { client, personal, logger } = connectedSetup();
    const handler = vi.fn();
    client.on('set_online_status', handler);
    personal.emit('publication', { channel: PERSONAL, data: { type: 'nope', payload: 1 }, offset: 1 });
    personal.emit('publication', { channel: PERSONAL, data: 'garbage', offset: 2 });
    const badPayload = { type: 'set_online_status', payload: { userId: 7 } };
    personal.emit('publication', { channel: PERSONAL, data: badPayload, offset: 3 });
    expect(handler).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(3);
  });

  it('emits one resync when subscriptions come back unrecovered, and none when recovered', () => {
    const { client, current, personal } = connectedSetup();
    const resync = vi.fn();
    client.onResync(resync);
    const back = (recovered: boolean) => ({
      channel: PERSONAL,
      recoverable: true,
      positioned: true,
      streamPosition: { offset: 7, epoch: recovered ? 'e1' : 'e2' },
      wasRecovering: true,
      recovered,
      hasRecoveredPublications: false,
    });
    current().emit('connecting', { code: 3001, reason: 'shutdown' });
    current().emit('connected', connected);
    personal.emit('subscribed', back(true));
    expect(resync).not.toHaveBeenCalled();

    current().emit('connecting', { code: 3001, reason: 'shutdown' });
    current().emit('connected', connected);
    personal.emit('subscribed', back(false));
    current()
      .subscription('notification')
      .emit('subscribed', { ...back(false), channel: 'notification' });
    expect(resync).toHaveBeenCalledOnce();
  });

  it('tells which channel went live on a first subscribe, and not on a recovery', () => {
    const context = setup();
    const live = vi.fn();
    context.client.onLive(live);
    context.client.start(USER);
    context.current().emit('connected', connected);
    const personal = context.current().subscription(PERSONAL);
    const subscribed = (wasRecovering: boolean) => ({
      channel: PERSONAL,
      recoverable: true,
      positioned: true,
      streamPosition: { offset: 3, epoch: 'e1' },
      wasRecovering,
      recovered: wasRecovering,
      hasRecoveredPublications: false,
    });
    personal.emit('subscribed', subscribed(false));
    expect(live).toHaveBeenCalledExactlyOnceWith(PERSONAL);

    context.current().emit('connecting', { code: 3001, reason: 'shutdown' });
    context.current().emit('connected', connected);
    personal.emit('subscribed', subscribed(true));
    expect(live).toHaveBeenCalledOnce();
  });
});
