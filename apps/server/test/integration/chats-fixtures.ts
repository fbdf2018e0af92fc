import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { type ServerEvent, serverEventSchema } from '@beseda/protocol/server-events';
import { expect } from 'vitest';
import { registerUser, type TestClient, type TestServer, type TestUser } from './harness.js';

/** A registered, signed-in user with their client. */
export interface Person {
  user: TestUser;
  client: TestClient;
}

export async function newPerson(server: TestServer, userAgent?: string): Promise<Person> {
  const client = server.client(userAgent ? { userAgent } : {});
  return { user: await registerUser(client), client };
}

/**
 * Everything published on a channel so far, read back from the broker's channel history (the same stream a
 * reconnecting client recovers from), oldest first, each checked against the event contract as the web client
 * checks it. Users are fresh per test, so their channels are too.
 */
export async function published(server: TestServer, channel: string): Promise<ServerEvent[]> {
  const { publications } = await server.ctx.broker.history(channel, 0);
  return publications.map((publication) => serverEventSchema.parse(JSON.parse(publication.data)));
}

export async function befriend(a: Person, b: Person): Promise<void> {
  expect((await a.client.call(contactApi.sendContactRequest, { body: { nickname: b.user.nickname } })).status).toBe(
    200,
  );
  expect((await b.client.call(contactApi.acceptContactRequest, { body: { nickname: a.user.nickname } })).status).toBe(
    200,
  );
}

/** Befriends the two and opens their direct chat; returns its id. */
export async function directChat(a: Person, b: Person): Promise<string> {
  await befriend(a, b);
  const response = await a.client.call(chatApi.openChatWith, { body: { nickname: b.user.nickname } });
  expect(response.status).toBe(200);
  return (response.body as { chat: { id: string } }).chat.id;
}

/** Polls until `read` returns something that passes `check` (events published after a commit arrive async). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 3000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
