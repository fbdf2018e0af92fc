import { parentPort, workerData } from 'node:worker_threads';
import type { SfuLogger } from '../media-server.js';
import { createLocalRoomHost } from '../room/local-room-host.js';
import type { NetworkOptions } from '../room/peer-config.js';
import type { FromWorker, ToWorker } from './worker-messages.js';

/* A room worker: the rooms, werift and all RTP of its share of the rooms; signalling frames arrive as messages. */

const port = parentPort;
if (port === null) throw new Error('room-worker runs in a worker thread');
const { network } = workerData as { network: NetworkOptions };

function post(message: FromWorker): void {
  port?.postMessage(message);
}

function logAt(level: 'debug' | 'info' | 'warn' | 'error') {
  return (object: object, message: string): void => {
    // Errors do not survive structured cloning with their message; send what a log line needs.
    const plain = Object.fromEntries(
      Object.entries(object).map(([key, value]) => [
        key,
        value instanceof Error ? (value.stack ?? value.message) : value,
      ]),
    );
    post({ type: 'log', level, object: plain, message });
  };
}

const logger: SfuLogger = { debug: logAt('debug'), info: logAt('info'), warn: logAt('warn'), error: logAt('error') };

const host = createLocalRoomHost(
  network,
  {
    send: (sessionId, frame) => post({ type: 'send', sessionId, frame }),
    closeSession: (sessionId) => post({ type: 'close-session', sessionId }),
    participantJoined: (event) => post({ type: 'joined', ...event }),
    participantLeft: (event) => post({ type: 'left', ...event }),
    roomClosed: (room) => post({ type: 'room-closed', room }),
  },
  logger,
);

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'join':
      host.join(message.request);
      return;
    case 'frame':
      host.receive(message.sessionId, message.frame);
      return;
    case 'socket-closed':
      host.socketClosed(message.sessionId);
      return;
    case 'remove':
      void host
        .removeParticipant(message.room, message.identity)
        .then(() => post({ type: 'reply', callId: message.callId }));
      return;
    case 'stats':
      void host.stats().then((stats) => post({ type: 'reply', callId: message.callId, stats }));
      return;
    case 'close':
      void host.close().then(() => post({ type: 'reply', callId: message.callId }));
      return;
  }
});
