import * as authApi from '@beseda/protocol/endpoints/auth';
import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import type { Endpoint } from '@beseda/protocol/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChat, newPerson, type Person } from './chats-fixtures.js';
import { channelByKey, createGroup } from './groups-fixtures.js';
import { availableDrivers, newCredentials, startServer, type TestResponse, type TestServer } from './harness.js';

const NUL = '\u0000';
const RLO = '\u202e';

function expectFieldError(response: TestResponse, field: string): void {
  expect(response.status, response.text).toBe(400);
  expect(response.body).toEqual({
    error: {
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      fields: expect.objectContaining({ [field]: 'validation.invalidCharacters' }),
    },
  });
}

describe.each(availableDrivers())('control characters in input (%s)', (driver) => {
  let server: TestServer;
  let alice: Person;
  let chatId: string;
  let groupId: string;
  let channelChatId: string;

  beforeAll(async () => {
    server = await startServer(driver);
    alice = await newPerson(server);
    const bob = await newPerson(server);
    chatId = await directChat(alice, bob);
    const group = await createGroup(alice);
    groupId = group.id;
    channelChatId = channelByKey(group, 'general').chatId;
  });
  afterAll(() => server.close());

  it('refuses U+0000 in registration and sign-in fields with a field error, writing nothing', async () => {
    const fresh = server.client();
    const credentials = newCredentials();
    const [local, domain] = credentials.email.split('@');
    expectFieldError(
      await fresh.call(authApi.register, { body: { ...credentials, email: `${local}${NUL}@${domain}` } }),
      'email',
    );
    expectFieldError(
      await fresh.call(authApi.register, { body: { ...credentials, nickname: `ab${NUL}cd` } }),
      'nickname',
    );
    expectFieldError(await fresh.call(authApi.login, { body: { email: `a${NUL}@b.cd`, password: 'x' } }), 'email');
    expect((await fresh.call(authApi.register, { body: credentials })).status).toBe(200);
  });

  it('refuses C0 controls in message text but keeps line feeds and tabs', async () => {
    for (const content of [`hi${NUL}there`, 'carriage\rreturn', 'bell\u0007', 'escape\u001b[31m']) {
      expectFieldError(
        await alice.client.call(chatApi.sendMessage, { query: { chatId }, body: { content } }),
        'content',
      );
    }
    expectFieldError(
      await alice.client.call(chatApi.sendMessage, { query: { chatId }, body: { content: 'ok', clientId: `c${NUL}` } }),
      'clientId',
    );
    expectFieldError(
      await alice.client.call(chatApi.sendMessage, {
        query: { chatId },
        body: { content: 'link', entities: [{ type: 'text_link', offset: 0, length: 4, url: `https://a.b/${NUL}` }] },
      }),
      'entities',
    );
    const sent = await alice.client.call(chatApi.sendMessage, {
      query: { chatId },
      body: { content: 'line one\n\tline two' },
    });
    expect(sent.status).toBe(200);
    const messageId = (sent.body as { message: { id: string } }).message.id;
    expectFieldError(
      await alice.client.call(chatApi.editMessage, {
        query: { messageId, chatId },
        body: { content: `edited${NUL}` },
      }),
      'content',
    );
    const page = await alice.client.call(chatApi.listMessages, { query: { chatId } });
    expect((page.body as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual([
      'line one\n\tline two',
    ]);
    expectFieldError(
      await alice.client.call(chatApi.sendMessage, { query: { chatId: channelChatId }, body: { content: NUL } }),
      'content',
    );
  });

  it('refuses U+0000 in nicknames looked up and in invite codes', async () => {
    const lookups: [Endpoint, TestResponse][] = [
      [
        contactApi.sendContactRequest,
        await alice.client.call(contactApi.sendContactRequest, { body: { nickname: `x${NUL}` } }),
      ],
      [chatApi.openChatWith, await alice.client.call(chatApi.openChatWith, { body: { nickname: `x${NUL}` } })],
    ];
    for (const [, response] of lookups) expectFieldError(response, 'nickname');
    expectFieldError(await alice.client.call(groupApi.acceptInvite, { body: { code: `abc${NUL}` } }), 'code');
    expectFieldError(await alice.client.call(groupApi.getInvite, { params: { code: `abc${NUL}` } }), 'code');
  });

  it('refuses control and bidi override characters in group and channel names', async () => {
    for (const name of [`Группа${NUL}`, `Группа${RLO}exe.gnp`, 'a\u2066b\u2069']) {
      expectFieldError(await alice.client.call(groupApi.createGroup, { body: { name } }), 'name');
      expectFieldError(
        await alice.client.call(groupApi.renameGroup, { params: { id: groupId }, body: { name } }),
        'name',
      );
      expectFieldError(
        await alice.client.call(channelApi.createChannel, { body: { name, type: 'TEXT', groupId } }),
        'name',
      );
    }
    // Right-to-left text itself is welcome; only the invisible controls are refused.
    expect((await alice.client.call(groupApi.createGroup, { body: { name: 'שלום עולם' } })).status).toBe(200);
  });
});
