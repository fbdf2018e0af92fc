import { Worker } from 'node:worker_threads';
import type { MediaServerStats, SfuLogger } from '../media-server.js';
import type { NetworkOptions } from '../room/peer-config.js';
import type { JoinRequest, RoomHost, RoomHostEvents } from '../room/room-host.js';
import type { FromWorker, ToWorker } from './worker-messages.js';

interface Slot {
  worker: Worker;
  /** Sessions placed on this worker; `identity` is set once the worker reported the join. */
  sessions: Map<string, { room: string; identity: string | undefined }>;
  calls: Map<number, (stats: MediaServerStats | undefined) => void>;
  /** Messages for a worker being restarted, posted once it is back. */
  backlog: ToWorker[] | undefined;
}

export interface WorkerPool extends RoomHost {
  /** The worker threads, for tests that kill one. */
  threads(): Worker[];
}

const RESTART_DELAY_MS = 500;

const EMPTY_STATS: MediaServerStats = { rooms: 0, participants: 0, tracks: 0, forwardedPackets: 0 };

/**
 * Rooms spread over worker threads: a room lives in the worker chosen when its first participant joined (the one
 * with the fewest sessions), until its last session ends. A worker that dies takes its participants with it
 * ('disconnected') and is started again.
 */
export function createWorkerPool(
  config: { workers: number; network: NetworkOptions; logger: SfuLogger },
  events: RoomHostEvents,
): WorkerPool {
  const slots: Slot[] = [];
  const sessionSlot = new Map<string, Slot>();
  const roomOwner = new Map<string, { slot: Slot; sessions: number }>();
  let nextCall = 0;
  let closing = false;

  function spawn(slot: Slot): Worker {
    const [entry, entryOptions] = workerEntry();
    const worker = new Worker(entry, { ...entryOptions, workerData: { network: config.network } });
    worker.on('message', (message: FromWorker) => onMessage(slot, message));
    worker.on('error', (error) => config.logger.error({ error }, 'media worker failed'));
    worker.on('exit', (code) => onExit(slot, worker, code));
    return worker;
  }

  for (let i = 0; i < Math.max(1, config.workers); i += 1) {
    const slot: Slot = { worker: undefined as unknown as Worker, sessions: new Map(), calls: new Map(), backlog: [] };
    slot.worker = spawn(slot);
    slot.backlog = undefined;
    slots.push(slot);
  }

  function post(slot: Slot, message: ToWorker): void {
    if (slot.backlog !== undefined) slot.backlog.push(message);
    else slot.worker.postMessage(message);
  }

  function endSession(slot: Slot, sessionId: string): void {
    const session = slot.sessions.get(sessionId);
    if (session === undefined) return;
    slot.sessions.delete(sessionId);
    sessionSlot.delete(sessionId);
    const owner = roomOwner.get(session.room);
    if (owner !== undefined && owner.slot === slot && --owner.sessions <= 0) roomOwner.delete(session.room);
  }

  function onMessage(slot: Slot, message: FromWorker): void {
    switch (message.type) {
      case 'send':
        events.send(message.sessionId, message.frame);
        return;
      case 'close-session':
        endSession(slot, message.sessionId);
        events.closeSession(message.sessionId);
        return;
      case 'joined': {
        const session = slot.sessions.get(message.sessionId);
        if (session !== undefined) session.identity = message.identity;
        events.participantJoined(message);
        return;
      }
      case 'left':
        events.participantLeft(message);
        return;
      case 'room-closed':
        events.roomClosed(message.room);
        return;
      case 'reply':
        slot.calls.get(message.callId)?.(message.stats);
        slot.calls.delete(message.callId);
        return;
      case 'log':
        config.logger[message.level](message.object, message.message);
        return;
    }
  }

  function onExit(slot: Slot, worker: Worker, code: number): void {
    if (slot.worker !== worker) return;
    for (const resolve of slot.calls.values()) resolve(undefined);
    slot.calls.clear();
    if (closing) return;
    config.logger.error({ code }, 'media worker exited; its participants are disconnected');
    for (const [sessionId, session] of [...slot.sessions]) {
      endSession(slot, sessionId);
      if (session.identity !== undefined) {
        events.participantLeft({ sessionId, room: session.room, identity: session.identity, reason: 'disconnected' });
      }
      events.closeSession(sessionId);
    }
    // A worker that cannot start at all would otherwise be restarted in a tight loop.
    slot.backlog = [];
    setTimeout(() => {
      if (closing) return;
      slot.worker = spawn(slot);
      const backlog = slot.backlog ?? [];
      slot.backlog = undefined;
      for (const message of backlog) slot.worker.postMessage(message);
    }, RESTART_DELAY_MS).unref();
  }

  function call(slot: Slot, message: (callId: number) => ToWorker): Promise<MediaServerStats | undefined> {
    const callId = ++nextCall;
    return new Promise((resolve) => {
      slot.calls.set(callId, resolve);
      post(slot, message(callId));
    });
  }

  function leastLoaded(): Slot {
    return slots.reduce((best, slot) => (slot.sessions.size < best.sessions.size ? slot : best));
  }

  return {
    threads: () => slots.map((slot) => slot.worker),
    join(request: JoinRequest) {
      const room = request.claims.room;
      let owner = roomOwner.get(room);
      if (owner === undefined) {
        owner = { slot: leastLoaded(), sessions: 0 };
        roomOwner.set(room, owner);
      }
      owner.sessions += 1;
      owner.slot.sessions.set(request.sessionId, { room, identity: undefined });
      sessionSlot.set(request.sessionId, owner.slot);
      post(owner.slot, { type: 'join', request });
    },
    receive(sessionId, frame) {
      const slot = sessionSlot.get(sessionId);
      if (slot !== undefined) post(slot, { type: 'frame', sessionId, frame });
    },
    socketClosed(sessionId) {
      const slot = sessionSlot.get(sessionId);
      if (slot !== undefined) post(slot, { type: 'socket-closed', sessionId });
    },
    async removeParticipant(room, identity) {
      const owner = roomOwner.get(room);
      if (owner !== undefined) await call(owner.slot, (callId) => ({ type: 'remove', callId, room, identity }));
    },
    async stats() {
      const all = await Promise.all(slots.map((slot) => call(slot, (callId) => ({ type: 'stats', callId }))));
      return all.reduce<MediaServerStats>(
        (sum, stats = EMPTY_STATS) => ({
          rooms: sum.rooms + stats.rooms,
          participants: sum.participants + stats.participants,
          tracks: sum.tracks + stats.tracks,
          forwardedPackets: sum.forwardedPackets + stats.forwardedPackets,
        }),
        EMPTY_STATS,
      );
    },
    async close() {
      await Promise.all(slots.map((slot) => call(slot, (callId) => ({ type: 'close', callId }))));
      closing = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * The worker script: the compiled `room-worker.js`, or under vitest (which runs this package from its TypeScript
 * sources) a bootstrap that registers tsx's loader in the worker before importing `room-worker.ts`.
 */
function workerEntry(): [string | URL, { eval?: boolean }] {
  if (!import.meta.url.endsWith('.ts')) return [new URL('./room-worker.js', import.meta.url), {}];
  const source = JSON.stringify(new URL('./room-worker.ts', import.meta.url).href);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`;
  return [bootstrap, { eval: true }];
}
