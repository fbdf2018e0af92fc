import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, SendMessageBody } from '@beseda/protocol/chats';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { setLogLevel } from '../../lib/logger';
import { queryClient } from '../../lib/query/query-client';
import { useUserStore } from '../auth/user-store';
import { sendMessage } from './chats-api';
import { resetChats, retrySend, sendText, useChatsStore } from './chats-store';
import { pendingIn } from './outbox';

vi.mock('./chats-api', () => ({
  sendMessage: vi.fn(),
  sendRead: vi.fn(() => Promise.resolve()),
  fetchChat: vi.fn(() => new Promise(() => undefined)),
}));

interface Request {
  body: SendMessageBody;
  resolve(): void;
  reject(error: unknown): void;
}

/** The server: each send waits for the test to answer it; stored messages get increasing ids, as UUIDv7 do. */
let requests: Request[] = [];
let stored = 0;

function serverCopy(body: SendMessageBody): Message {
  stored += 1;
  return {
    id: `01900000-0000-7000-8000-${String(stored).padStart(12, '0')}`,
    chatId: 'c1',
    senderId: 'me',
    kind: 'TEXT',
    content: body.content,
    entities: [],
    system: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    isEdited: false,
    clientId: body.clientId ?? null,
    linkPreview: null,
  };
}

async function answer(outcome: 'ok' | Error = 'ok'): Promise<void> {
  const request = requests.shift();
  if (!request) throw new Error('no send in flight');
  if (outcome === 'ok') request.resolve();
  else request.reject(outcome);
  await vi.advanceTimersByTimeAsync(0);
}

const contents = () => requests.map((request) => request.body.content);
const shown = () => {
  const held = useChatsStore.getState().messages.c1;
  const sent = held ? held.ids.map((id) => held.byId[id]?.content) : [];
  return [...sent, ...pendingIn(useChatsStore.getState().outbox, 'c1').map((entry) => entry.content)];
};

beforeEach(() => {
  vi.useFakeTimers();
  setLogLevel('silent');
  useUserStore.setState({ id: 'me' });
  // The chat's newest page is loaded (empty): acknowledged messages join it.
  useChatsStore.setState({ messages: { c1: { byId: {}, ids: [], hasMore: false, deleted: {} } } });
  requests = [];
  stored = 0;
  vi.mocked(sendMessage).mockImplementation(
    (_chatId, body) =>
      new Promise((resolve, reject) => {
        requests.push({ body, resolve: () => resolve(serverCopy(body)), reject });
      }),
  );
});
afterEach(() => {
  resetChats();
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('sending: one chat’s messages reach the server in the order they were written', () => {
  it('sends the next only once the previous is acknowledged, without waiting any longer', async () => {
    for (const n of [1, 2, 3]) sendText('c1', `спам ${n}`);
    expect(contents()).toEqual(['спам 1']);
    expect(shown()).toEqual(['спам 1', 'спам 2', 'спам 3']);
    await answer();
    expect(contents()).toEqual(['спам 2']);
    await answer();
    await answer();
    expect(sendMessage).toHaveBeenCalledTimes(3);
    expect(shown()).toEqual(['спам 1', 'спам 2', 'спам 3']);
    expect(useChatsStore.getState().outbox).toEqual({});
  });

  it('holds the queue while the network is down and sends the same message again first', async () => {
    sendText('c1', 'первое');
    sendText('c1', 'второе');
    await answer(new NetworkError('Network request failed'));
    expect(useChatsStore.getState().outbox[requestClientId(0)]?.status).toBe('sending');
    expect(contents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(contents()).toEqual(['первое']);
    await answer(new ApiError(429, 'RATE_LIMITED', 'slow down', {}, 2000));
    await vi.advanceTimersByTimeAsync(1999);
    expect(contents()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(contents()).toEqual(['первое']);
    await answer();
    await answer();
    expect(shown()).toEqual(['первое', 'второе']);
    const clientIds = vi.mocked(sendMessage).mock.calls.map(([, body]) => body.clientId);
    expect(new Set(clientIds.slice(0, 3)).size).toBe(1);
  });

  it('marks a refused message «Не отправлено» and goes on; «Повторить» sends it after the others', async () => {
    sendText('c1', 'раз');
    sendText('c1', 'два');
    const refused = vi.mocked(sendMessage).mock.calls[0]?.[1].clientId ?? '';
    await answer(new ApiError(403, 'FORBIDDEN', 'read only'));
    expect(useChatsStore.getState().outbox[refused]?.status).toBe('failed');
    expect(contents()).toEqual(['два']);
    sendText('c1', 'три');
    retrySend(refused);
    expect(shown()).toEqual(['два', 'три', 'раз']);
    await answer();
    await answer();
    await answer();
    expect(shown()).toEqual(['два', 'три', 'раз']);
  });
});

function requestClientId(index: number): string {
  return vi.mocked(sendMessage).mock.calls[index]?.[1].clientId ?? '';
}

describe('sending without a link preview', () => {
  it('asks the server for no preview when the card was closed, also on the retry, and only then', async () => {
    sendText('c1', 'https://news.example.test/a', { noLinkPreview: true });
    expect(requests[0]?.body).toMatchObject({ content: 'https://news.example.test/a', noLinkPreview: true });
    await answer(new NetworkError('Network request failed'));
    await vi.advanceTimersByTimeAsync(500);
    expect(requests[0]?.body).toMatchObject({ noLinkPreview: true });
    await answer();
    sendText('c1', 'https://news.example.test/b');
    expect(requests[0]?.body).not.toHaveProperty('noLinkPreview');
    await answer();
  });
});
