// Message benchmark (issue 4), against PostgreSQL: the real server in a child process on a fresh database; one user
// sends over keep-alive HTTP, the other receives on the realtime gateway. Measures send → delivered latency at a
// steady 200 messages/s, sustained messages/s with concurrent sends, and the first page of a chat holding a million
// messages (bulk-loaded in SQL). The database is dropped and the server stopped however the run ends.
import { loadavg } from 'node:os';
import { describeMachine } from './machine.mjs';
import { loadApi } from './messages/api.mjs';
import { bulkInsertMessages, createBenchDatabase, explainFirstPage } from './messages/database.mjs';
import { HttpUser } from './messages/http.mjs';
import { measureLatency, measureThroughput, timeReads } from './messages/phases.mjs';
import { openRecipient } from './messages/socket.mjs';
import { buildServer, startServer } from './messages/server.mjs';

/** @param {boolean} quick */
export function messagesParams(quick) {
  return {
    rate: 200,
    latencySeconds: quick ? 3 : 10,
    warmSeconds: quick ? 0.5 : 1,
    concurrency: 32,
    spreadChats: 16,
    throughputSeconds: quick ? 3 : 10,
    historyMessages: quick ? 100_000 : 1_000_000,
    reads: quick ? 50 : 200,
    pageLimit: 50,
  };
}

/** @param {{ quick: boolean }} options */
export async function runMessages({ quick }) {
  const params = messagesParams(quick);
  const startedLoad = loadavg();
  const serverSource = buildServer();
  const api = await loadApi();
  const database = await createBenchDatabase();
  /** @type {(() => unknown)[]} */
  const cleanup = [];
  try {
    const server = await startServer(database.url);
    cleanup.push(() => server.stop());
    const users = await Promise.all(['s', 'r', 'h'].map((role) => register(api, server.url, role)));
    cleanup.push(() => users.forEach((u) => u.http.close()));
    const [sender, recipient, historian] = /** @type {[User, User, User]} */ (users);
    const liveChatId = await directChat(sender, recipient);
    const historyChatId = await directChat(sender, historian);

    const { token } = await recipient.http.call(api.auth.getWsToken);
    const socket = await openRecipient(server.url, token, `notification:user:message#${recipient.id}`);
    cleanup.push(() => socket.close());

    // History first, the live phases after: the second first-page measurement then has the live chats' newer rows
    // above the history in messages_pkey, the layout that once made the planner walk that index (see the README).
    process.stdout.write(`messages: loading ${params.historyMessages.toLocaleString('en')} messages … `);
    const load = await bulkInsertMessages(database.url, {
      chatId: historyChatId,
      senderIds: [sender.id, historian.id],
      count: params.historyMessages,
    });
    console.log(`${(load.ms / 1000).toFixed(1)} s`);

    const pageQuery = { chatId: historyChatId, limit: params.pageLimit };
    const page = api.urlOf(api.chat.listMessages, { query: pageQuery });
    const deepPage = api.urlOf(api.chat.listMessages, { query: { ...pageQuery, before: load.middleId } });
    await checkPage(sender.http, page, params.pageLimit);
    await checkPage(sender.http, deepPage, params.pageLimit);
    const history = {
      messages: params.historyMessages,
      loadSeconds: Math.round(load.ms / 100) / 10,
      firstPage: await timeReads(sender.http, page, params.reads),
      chatOne: await timeReads(
        sender.http,
        api.urlOf(api.chat.getChat, { query: { chatId: historyChatId } }),
        params.reads,
      ),
      deepPage: await timeReads(sender.http, deepPage, params.reads),
      firstPagePlan: await explainFirstPage(database.url, historyChatId, params.pageLimit),
      /** @type {import('./messages/phases.mjs').Stats | null} */
      firstPageAfterLive: null,
      /** @type {Awaited<ReturnType<typeof explainFirstPage>> | null} */
      firstPagePlanAfterLive: null,
    };

    process.stdout.write(`messages: ${params.rate}/s for ${params.latencySeconds} s … `);
    const latency = await measureLatency({
      sender: sender.http,
      recipient: socket,
      chatId: liveChatId,
      serverPid: server.pid,
      rate: params.rate,
      seconds: params.latencySeconds,
      warmSeconds: params.warmSeconds,
    });
    console.log(`p99 ${latency.delivered.p99} ms`);

    process.stdout.write(`messages: ${params.concurrency} in flight, one chat, ${params.throughputSeconds} s … `);
    const throughput = await measureThroughput({
      lanes: [{ sender: sender.http, chatId: liveChatId }],
      recipient: socket,
      serverPid: server.pid,
      concurrency: params.concurrency,
      seconds: params.throughputSeconds,
      label: 'one',
    });
    console.log(`${throughput.messagesPerSec} messages/s`);

    process.stdout.write(
      `messages: ${params.concurrency} in flight, ${params.spreadChats} chats, ${params.throughputSeconds} s … `,
    );
    const lanes = await spreadLanes(api, server.url, recipient, params.spreadChats);
    cleanup.push(() => lanes.forEach((lane) => lane.sender.close()));
    const spread = await measureThroughput({
      lanes,
      recipient: socket,
      serverPid: server.pid,
      concurrency: params.concurrency,
      seconds: params.throughputSeconds,
      label: 'many',
    });
    console.log(`${spread.messagesPerSec} messages/s`);

    // The same first page once the live chat's rows are newer than all of the history: shows the plan risk above.
    history.firstPageAfterLive = await timeReads(sender.http, page, params.reads);
    history.firstPagePlanAfterLive = await explainFirstPage(database.url, historyChatId, params.pageLimit);

    return {
      measuredAt: new Date().toISOString(),
      quick,
      machine: { ...describeMachine(), postgres: database.postgresVersion },
      load: { start: startedLoad, end: loadavg() },
      serverSource,
      params,
      latency,
      throughput,
      spread,
      history,
    };
  } finally {
    for (const step of cleanup.reverse()) await step();
    await database.drop();
  }
}

/** @typedef {{ id: string, nickname: string, http: HttpUser }} User */

/** @param {import('./messages/api.mjs').Api} api @param {string} baseUrl @param {string} role @returns {Promise<User>} */
export async function register(api, baseUrl, role) {
  // Enough sockets for the concurrent phase; the paced phase reuses the few it needs (the agent picks free ones).
  const http = new HttpUser(api, baseUrl, 32);
  const tag = `${role}${Math.random().toString(36).slice(2, 10)}`;
  const { user } = await http.call(api.auth.register, {
    body: { email: `bench_${tag}@example.org`, nickname: `bench_${tag}`, password: `bench-${tag}-password` },
  });
  return { id: user.id, nickname: user.nickname, http };
}

/** Friends first (direct chats are between friends), then the chat. @param {User} a @param {User} b */
export async function directChat(a, b) {
  const { contact, chat: chats } = a.http.api;
  await a.http.call(contact.sendContactRequest, { body: { nickname: b.nickname } });
  await b.http.call(contact.acceptContactRequest, { body: { nickname: a.nickname } });
  const { chat } = await a.http.call(chats.openChatWith, { body: { nickname: b.nickname } });
  return /** @type {string} */ (chat.id);
}

/**
 * `count` more senders, each in a direct chat with the recipient (whose one socket hears them all).
 * @param {import('./messages/api.mjs').Api} api @param {string} baseUrl @param {User} recipient @param {number} count
 */
async function spreadLanes(api, baseUrl, recipient, count) {
  const senders = await Promise.all(Array.from({ length: count }, (_, i) => register(api, baseUrl, `m${i}`)));
  const lanes = [];
  for (const sender of senders) lanes.push({ sender: sender.http, chatId: await directChat(sender, recipient) });
  return lanes;
}

/** A timing of a page that came back short would time the wrong thing. @param {HttpUser} http @param {string} path @param {number} limit */
async function checkPage(http, path, limit) {
  const { messages, hasMore } = await http.ok('GET', path);
  if (messages.length !== limit || hasMore !== true) {
    throw new Error(`${path}: expected a full page with more to come, got ${messages.length}, hasMore ${hasMore}`);
  }
}
