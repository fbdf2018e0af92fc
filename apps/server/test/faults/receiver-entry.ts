// The receiver of the fault suite, in a process of its own so the suite can freeze it (SIGSTOP) past the server's
// ping timeout. It is the official `centrifuge` client, as the web app uses it: it records every `new_message` of
// the chat by id, and when a (re)subscribe says its missed events could not be recovered it refetches the chat
// through the API, as the web app does; only what arrives those two ways counts as delivered.
import { getWsToken } from '@beseda/protocol/endpoints/auth';
import { userMessageChannel } from '@beseda/protocol/realtime';
import { userMessageChannelEventSchema } from '@beseda/protocol/server-events';
import { Centrifuge } from 'centrifuge';
import { WebSocket } from 'ws';
import { wholeChat } from './chat-history.js';
import { HttpUser, okOnAny } from './http-user.js';
import { type FromReceiver, receiverConfigSchema, type ReceiverReport, toReceiverSchema } from './receiver-messages.js';

const config = receiverConfigSchema.parse(JSON.parse(process.env.FAULTS_RECEIVER ?? '{}'));
const user = new HttpUser(config.cookies);
const report: Omit<ReceiverReport, 'resynced'> = { live: {}, contents: {}, resyncs: 0, reconnectCodes: [] };
const resynced = new Set<string>();
let resyncing: Promise<void> = Promise.resolve();

function send(message: FromReceiver): void {
  process.send?.(message);
}

let nextServer = 0;
/** The client takes a WebSocket constructor; this one goes to the next server on every (re)connect. */
class BalancedWebSocket extends WebSocket {
  constructor(_address: string, protocols?: string | string[]) {
    const server = config.servers[nextServer % config.servers.length] ?? '';
    nextServer += 1;
    super(`${server.replace(/^http/, 'ws')}/connection/websocket`, protocols);
  }
}

const centrifuge = new Centrifuge('ws://balanced/connection/websocket', {
  websocket: BalancedWebSocket,
  minReconnectDelay: 50,
  maxReconnectDelay: 300,
  timeout: 3_000,
  getToken: async () => {
    const body = (await okOnAny(user, config.servers, 5_000, getWsToken)) as { token: string };
    return body.token;
  },
});
let connectedOnce = false;
centrifuge.on('connected', () => {
  connectedOnce = true;
});
centrifuge.on('connecting', (ctx) => {
  if (connectedOnce) report.reconnectCodes.push(ctx.code);
});

const sub = centrifuge.newSubscription(userMessageChannel(config.userId));
sub.on('publication', (ctx) => {
  const event = userMessageChannelEventSchema.parse(ctx.data);
  if (event.type !== 'new_message' || event.payload.chatId !== config.chatId) return;
  const { id, content } = event.payload.message;
  report.live[id] = (report.live[id] ?? 0) + 1;
  report.contents[id] = content;
});
let subscribedOnce = false;
sub.on('subscribed', (ctx) => {
  if (!subscribedOnce) {
    subscribedOnce = true;
    send({ type: 'ready' });
  }
  if (ctx.wasRecovering && !ctx.recovered) {
    report.resyncs += 1;
    resyncing = resyncing.then(resync).catch((error: unknown) => {
      process.stderr.write(`resync failed: ${String(error)}\n`);
    });
  }
});

async function resync(): Promise<void> {
  for (const message of await wholeChat(user, config.servers, config.chatId)) {
    resynced.add(message.id);
    report.contents[message.id] = message.content;
  }
}

process.on('message', (raw) => {
  toReceiverSchema.parse(raw);
  void resyncing.then(() => send({ type: 'report', report: { ...report, resynced: [...resynced] } }));
});
// The suite is gone: so is its receiver.
process.on('disconnect', () => process.exit(0));

sub.subscribe();
centrifuge.connect();
