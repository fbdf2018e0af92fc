import { z } from 'zod';
import type { ProtocolError } from './codes.js';

/**
 * Centrifugo's bidirectional client protocol v2, JSON flavour: every WebSocket text message carries one or more
 * frames separated by `\n`. A command is `{ id, <method>: params }`; the reply echoes the id with
 * `{ id, <method>: result }` or `{ id, error }`. A frame without id is a push (server → client), the client's
 * asynchronous `send`, or — when empty — a ping (server → client) or its pong (client → server).
 * Only what the official `centrifuge` client sends is accepted; unknown fields are ignored, as the Go server does.
 */

const offsetSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const channelSchema = z.string().min(1).max(255);

const connectParams = z.object({
  token: z.string().max(8192).optional(),
  name: z.string().max(64).optional(),
  version: z.string().max(64).optional(),
  data: z.unknown().optional(),
  subs: z
    .record(
      channelSchema,
      z.object({
        recover: z.boolean().optional(),
        offset: offsetSchema.optional(),
        epoch: z.string().max(64).optional(),
      }),
    )
    .optional(),
});

const subscribeParams = z.object({
  channel: channelSchema,
  token: z.string().max(8192).optional(),
  recover: z.boolean().optional(),
  offset: offsetSchema.optional(),
  epoch: z.string().max(64).optional(),
  positioned: z.boolean().optional(),
  recoverable: z.boolean().optional(),
  join_leave: z.boolean().optional(),
  /** Bit flags: 1 channel compaction (ignored: pushes always carry the channel name), 2 reject unrecovered. */
  flag: z.number().int().nonnegative().optional(),
});

const channelParams = z.object({ channel: channelSchema });
const refreshParams = z.object({ token: z.string().min(1).max(8192) });
const historyParams = z.object({
  channel: channelSchema,
  limit: z.number().int().optional(),
  since: z.object({ offset: offsetSchema.optional(), epoch: z.string().max(64).optional() }).optional(),
  reverse: z.boolean().optional(),
});

/** Methods this gateway implements, with their parameter schemas. */
const methodSchemas = {
  connect: connectParams,
  subscribe: subscribeParams,
  unsubscribe: channelParams,
  refresh: refreshParams,
  sub_refresh: z.object({ channel: channelSchema, token: z.string().max(8192).optional() }),
  history: historyParams,
  publish: z.object({ channel: channelSchema, data: z.unknown().optional() }),
  presence: channelParams,
  presence_stats: channelParams,
  rpc: z.object({ method: z.string().max(255).optional(), data: z.unknown().optional() }),
  ping: z.object({}),
} as const;

type MethodSchemas = typeof methodSchemas;
export type Method = keyof MethodSchemas;
export type ConnectParams = z.infer<typeof connectParams>;
export type SubscribeParams = z.infer<typeof subscribeParams>;
export type HistoryParams = z.infer<typeof historyParams>;

/** A command with an id: it gets exactly one reply. */
export type Call = {
  [M in Method]: { kind: 'call'; id: number; method: M; params: z.infer<MethodSchemas[M]> };
}[Method];

export type ParsedFrame =
  | Call
  /** `{}` from the client: the answer to the server's ping. */
  | { kind: 'pong' }
  /** `{ send: { data } }`: an asynchronous message, which this server has no handler for. */
  | { kind: 'send' }
  /** A command with an id whose method the server does not know: replied with 104. */
  | { kind: 'unknown-method'; id: number }
  /** Anything else: the connection is closed with 3501 bad request. */
  | { kind: 'invalid'; reason: string };

const METHODS = Object.keys(methodSchemas) as Method[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseCall<M extends Method>(id: number, method: M, raw: unknown): ParsedFrame {
  const parsed = methodSchemas[method].safeParse(raw ?? {});
  if (!parsed.success) return { kind: 'invalid', reason: `invalid ${method} params` };
  // The cast pairs a method with its own schema's output, which TypeScript cannot follow through the generic.
  return { kind: 'call', id, method, params: parsed.data } as Call;
}

/** Parses one line (one frame) of a client message. Never throws. */
export function parseFrame(line: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', reason: 'malformed JSON' };
  }
  if (!isRecord(value)) return { kind: 'invalid', reason: 'frame is not an object' };
  const { id, ...rest } = value;
  const keys = Object.keys(rest);
  if (id === undefined || id === 0) {
    if (keys.length === 0) return { kind: 'pong' };
    if (keys.length === 1 && keys[0] === 'send') return { kind: 'send' };
    return { kind: 'invalid', reason: 'command without id' };
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0 || id > 0xffffffff) {
    return { kind: 'invalid', reason: 'invalid command id' };
  }
  if (keys.length !== 1)
    return keys.length === 0
      ? { kind: 'unknown-method', id }
      : { kind: 'invalid', reason: 'several methods in one command' };
  const key = keys[0] as string;
  const method = METHODS.find((m) => m === key);
  if (method === undefined) return { kind: 'unknown-method', id };
  return parseCall(id, method, rest[key]);
}

/** Splits a WebSocket message into frames; blank lines carry nothing. */
export function splitFrames(message: string): string[] {
  return message.split('\n').filter((line) => line.trim() !== '');
}

// ---- server → client ----

export interface ClientPublication {
  /** JSON text of the payload, embedded as is so one encoding serves every subscriber. */
  data: string;
  offset: number;
}

export interface SubscribeResult {
  recoverable: true;
  positioned: true;
  offset: number;
  epoch: string;
  recovered?: boolean;
  was_recovering?: boolean;
  publications?: ClientPublication[];
}

export interface ConnectResult {
  client: string;
  version: string;
  expires?: boolean;
  ttl?: number;
  ping: number;
  pong: boolean;
  session?: string;
  node?: string;
  subs?: Record<string, SubscribeResult>;
}

export interface RefreshResult {
  client: string;
  version: string;
  expires: boolean;
  ttl?: number;
}

function encodePublication(pub: ClientPublication): string {
  return `{"data":${pub.data},"offset":${pub.offset}}`;
}

function encodeSubscribeResult(result: SubscribeResult): string {
  const { publications, ...rest } = result;
  const head = JSON.stringify(rest);
  if (publications === undefined || publications.length === 0) return head;
  return `${head.slice(0, -1)},"publications":[${publications.map(encodePublication).join(',')}]}`;
}

export function encodeConnectReply(id: number, result: ConnectResult): string {
  const { subs, ...rest } = result;
  const head = JSON.stringify(rest);
  if (subs === undefined) return `{"id":${id},"connect":${head}}`;
  const encodedSubs = Object.entries(subs)
    .map(([channel, sub]) => `${JSON.stringify(channel)}:${encodeSubscribeResult(sub)}`)
    .join(',');
  return `{"id":${id},"connect":${head.slice(0, -1)},"subs":{${encodedSubs}}}}`;
}

export function encodeSubscribeReply(id: number, result: SubscribeResult): string {
  return `{"id":${id},"subscribe":${encodeSubscribeResult(result)}}`;
}

export function encodeHistoryReply(
  id: number,
  publications: ClientPublication[],
  offset: number,
  epoch: string,
): string {
  return `{"id":${id},"history":{"publications":[${publications.map(encodePublication).join(',')}],"offset":${offset},"epoch":${JSON.stringify(epoch)}}}`;
}

/** A reply whose result is plain JSON (unsubscribe, refresh, sub_refresh, ping). */
export function encodeReply(id: number, method: Method, result: object): string {
  return `{"id":${id},${JSON.stringify(method)}:${JSON.stringify(result)}}`;
}

export function encodeErrorReply(id: number, error: ProtocolError): string {
  return JSON.stringify({ id, error });
}

/** A live publication. Built once per publication and written to every subscriber. */
export function encodePublicationPush(channel: string, pub: ClientPublication): string {
  return `{"push":{"channel":${JSON.stringify(channel)},"pub":${encodePublication(pub)}}}`;
}

/** Server-side unsubscribe; codes ≥ 2500 make the client resubscribe (and recover). */
export function encodeUnsubscribePush(channel: string, code: number, reason: string): string {
  return JSON.stringify({ push: { channel, unsubscribe: { code, reason } } });
}

/** The server's ping: an empty frame. */
export const PING_FRAME = '{}';
