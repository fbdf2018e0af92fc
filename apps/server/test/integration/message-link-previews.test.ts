import type { ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { Message, SendMessageBody } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as utilsApi from '@beseda/protocol/endpoints/utils';
import { linkPreviewImageUrl } from '@beseda/protocol/link-previews';
import { groupChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChat, newPerson, type Person, published } from './chats-fixtures.js';
import { channelByKey, groupWith } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestResponse, type TestServer } from './harness.js';
import {
  makeTestCertificates,
  PUBLIC_TEST_ADDRESS,
  recordingDeps,
  type RecordingDeps,
  startPageServer,
} from './link-preview-tls.js';

const page = (title: string): string =>
  `<html><head><title>${title}</title><meta property="og:description" content="Описание ${title}">` +
  `<meta property="og:image" content="/cover.png"><meta property="og:site_name" content="Пример"></head></html>`;

/** The slow page answers after this long: a send must not wait for it. */
const SLOW_MS = 1500;

let pages: Server;
let deps: RecordingDeps;

beforeAll(async () => {
  const certificates = makeTestCertificates();
  const html = (body: string) => (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  const started = await startPageServer(
    certificates,
    new Map([
      ['news.example.test/today', html(page('Сегодня'))],
      ['news.example.test/tomorrow', html(page('Завтра'))],
      ['news.example.test/quiet', html(page('Тихо'))],
      [
        'news.example.test/slow',
        (_req, res) => {
          setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Медленно')), SLOW_MS);
        },
      ],
    ]),
  );
  pages = started.server;
  deps = recordingDeps(
    { 'news.example.test': [PUBLIC_TEST_ADDRESS], 'intra.example.test': ['10.0.0.7'] },
    started.port,
    certificates.ca,
  );
});

afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

function messageOf(response: TestResponse): Message {
  expect(response.status).toBe(200);
  return (response.body as { message: Message }).message;
}

describe.each(availableDrivers())('message link previews (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, {}, { context: { linkPreviewNetwork: deps } });
  });
  afterAll(() => server.close());

  const send = (person: Person, chatId: string, body: SendMessageBody) =>
    person.client.call(chatApi.sendMessage, { query: { chatId }, body });
  const edit = (person: Person, chatId: string, messageId: string, content: string) =>
    person.client.call(chatApi.editMessage, { query: { messageId, chatId }, body: { content } });
  const history = async (person: Person, chatId: string): Promise<Message[]> => {
    const response = await person.client.call(chatApi.listMessages, { query: { chatId } });
    expect(response.status).toBe(200);
    return (response.body as { messages: Message[] }).messages;
  };
  const previewEvents = async (person: Person) =>
    (await published(server, userMessageChannel(person.user.id))).filter((event) => event.type === 'message_preview');

  async function pair(): Promise<{ a: Person; b: Person; chatId: string }> {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    return { a, b, chatId: await directChat(a, b) };
  }

  it('previews the first https link after the send, stores it and tells both members', async () => {
    const { a, b, chatId } = await pair();
    const url = `https://news.example.test/today?d=${driver}`;
    const sent = messageOf(await send(a, chatId, { content: `смотри ${url}. и https://news.example.test/quiet` }));
    expect(sent.linkPreview).toBeNull();
    await server.ctx.messages.previewsSettled();

    const linkPreview = {
      url,
      title: 'Сегодня',
      description: 'Описание Сегодня',
      siteName: 'Пример',
      image: linkPreviewImageUrl(url, 'image'),
      favicon: linkPreviewImageUrl(url, 'favicon'),
    };
    const event = {
      type: 'message_preview',
      payload: { chatId, messageId: sent.id, editedAt: null, linkPreview },
    };
    expect(await previewEvents(b)).toEqual([event]);
    expect(await previewEvents(a)).toEqual([event]);
    // History and a single message carry it, for both members.
    expect((await history(b, chatId))[0]).toEqual({ ...sent, linkPreview });
    expect(messageOf(await a.client.call(chatApi.getMessage, { query: { messageId: sent.id } })).linkPreview).toEqual(
      linkPreview,
    );
  });

  it('answers the send before the linked page has answered', async () => {
    const { a, chatId } = await pair();
    const started = performance.now();
    const sent = messageOf(await send(a, chatId, { content: `https://news.example.test/slow?d=${driver}` }));
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
    expect(sent.linkPreview).toBeNull();
    await server.ctx.messages.previewsSettled();
    expect((await history(a, chatId))[0]?.linkPreview?.title).toBe('Медленно');
  });

  it('a group channel message gets its preview once, on the group’s channel, for every member', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const { chatId } = channelByKey(group, 'general');
    const url = `https://news.example.test/today?g=${driver}`;
    const sent = messageOf(await send(member, chatId, { content: `для всех: ${url}` }));
    await server.ctx.messages.previewsSettled();
    const events = (await published(server, groupChannel(group.id))).filter((e) => e.type === 'message_preview');
    expect(events).toEqual([
      {
        type: 'message_preview',
        payload: { chatId, messageId: sent.id, editedAt: null, linkPreview: expect.objectContaining({ url }) },
      },
    ]);
    expect((await history(owner, chatId))[0]?.linkPreview?.title).toBe('Сегодня');
  });

  it('sends without a preview when asked (the closed card), fetching nothing', async () => {
    const { a, b, chatId } = await pair();
    const before = deps.connections.length;
    messageOf(await send(a, chatId, { content: `https://news.example.test/quiet?d=${driver}`, noLinkPreview: true }));
    await server.ctx.messages.previewsSettled();
    expect(deps.connections.length).toBe(before);
    expect(await previewEvents(b)).toEqual([]);
    expect((await history(b, chatId))[0]?.linkPreview).toBeNull();
  });

  it('400 for a flag that is not a boolean', async () => {
    const { a, chatId } = await pair();
    const response = await a.client.send(
      chatApi.sendMessage,
      { query: { chatId } },
      { json: { content: 'https://news.example.test/quiet', noLinkPreview: 'yes' } },
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { noLinkPreview: expect.any(String) } },
    });
  });

  it('leaves the message as it is when the page has no preview (refused by the guard)', async () => {
    const { a, b, chatId } = await pair();
    const sent = messageOf(await send(a, chatId, { content: `https://intra.example.test/x?d=${driver}` }));
    await server.ctx.messages.previewsSettled();
    expect(await previewEvents(b)).toEqual([]);
    expect((await history(b, chatId))[0]).toEqual(sent);
  });

  it('keeps the preview through an edit with the same link, re-previews another link, clears it without one', async () => {
    const { a, b, chatId } = await pair();
    const today = `https://news.example.test/today?e=${driver}`;
    const tomorrow = `https://news.example.test/tomorrow?e=${driver}`;
    const sent = messageOf(await send(a, chatId, { content: `вот ${today}` }));
    await server.ctx.messages.previewsSettled();

    const same = messageOf(await edit(a, chatId, sent.id, `вот это: ${today}`));
    expect(same.linkPreview?.title).toBe('Сегодня');

    const other = messageOf(await edit(a, chatId, sent.id, `нет, вот ${tomorrow}`));
    expect(other.linkPreview).toBeNull();
    await server.ctx.messages.previewsSettled();
    const events = await previewEvents(b);
    expect(events.at(-1)).toMatchObject({
      payload: { messageId: sent.id, editedAt: other.editedAt, linkPreview: { url: tomorrow, title: 'Завтра' } },
    });
    expect((await history(b, chatId))[0]?.linkPreview?.title).toBe('Завтра');

    const none = messageOf(await edit(a, chatId, sent.id, 'без ссылки'));
    expect(none.linkPreview).toBeNull();
    await server.ctx.messages.previewsSettled();
    expect((await history(b, chatId))[0]?.linkPreview).toBeNull();
    expect(await previewEvents(b)).toHaveLength(events.length);
  });

  it('LINK_PREVIEWS=false (the harness default): every page has no preview, and a message with a link none', async () => {
    // The harness's own servers run with LINK_PREVIEWS=false and no injected network: the offline pair answers.
    const offline = await startServer(driver);
    try {
      const [a, b] = [await newPerson(offline), await newPerson(offline)];
      const chatId = await directChat(a, b);
      const asked = await a.client.call(utilsApi.getLinkPreview, { query: { url: 'https://example.com/' } });
      expect(asked.status).toBe(404);
      const sent = messageOf(await send(a, chatId, { content: 'https://example.com/x' }));
      await offline.ctx.messages.previewsSettled();
      const [stored] = (
        (await b.client.call(chatApi.listMessages, { query: { chatId } })).body as { messages: Message[] }
      ).messages;
      expect(stored).toEqual(sent);
    } finally {
      await offline.close();
    }
  });

  it('a preview still fetching when an edit keeps the link is stored on the edited version', async () => {
    const { a, b, chatId } = await pair();
    const url = `https://news.example.test/slow?k=${driver}`;
    const sent = messageOf(await send(a, chatId, { content: url }));
    const edited = messageOf(await edit(a, chatId, sent.id, `исправил: ${url}`));
    await server.ctx.messages.previewsSettled();
    expect(await previewEvents(b)).toEqual([
      {
        type: 'message_preview',
        payload: {
          chatId,
          messageId: sent.id,
          editedAt: edited.editedAt,
          linkPreview: expect.objectContaining({ url }),
        },
      },
    ]);
    expect((await history(b, chatId))[0]?.linkPreview?.title).toBe('Медленно');
  });

  it('a preview fetched for an older version is not stored over an edit made meanwhile', async () => {
    const { a, b, chatId } = await pair();
    const sent = messageOf(await send(a, chatId, { content: `https://news.example.test/slow?v=${driver}` }));
    // Edited while the slow page is still answering: the late preview belongs to the old text.
    messageOf(await edit(a, chatId, sent.id, 'передумал'));
    await server.ctx.messages.previewsSettled();
    expect(await previewEvents(b)).toEqual([]);
    expect((await history(b, chatId))[0]?.linkPreview).toBeNull();
  });
});
