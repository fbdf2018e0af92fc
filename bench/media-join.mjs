// Join time (issue 13): «Подключиться» clicked → the first packet of remote audio, on loopback. The real server
// (PostgreSQL, the production web build, its embedded SFU) in a child process; an @livekit/rtc-node bot already in
// the voice channel publishing a sine; one Chromium page as a signed-up member of the group clicks `voice-connect`,
// waits for the bot's audio on its subscriber connection, leaves, and does it again: 10 joins.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';
import { startChild } from './fanout/child.mjs';
import { sleep } from './fanout/common.mjs';
import { describeMachine } from './machine.mjs';
import { register } from './messages.mjs';
import { loadApi } from './messages/api.mjs';
import { createBenchDatabase } from './messages/database.mjs';
import { stats } from './messages/phases.mjs';
import { buildServer, startServer } from './messages/server.mjs';
import { awaitFirstAudio, installJoinProbe } from './media/join-probe.mjs';
import { createVoiceChannel, joinChannel, keepVoiceAlive } from './media/voice-channel.mjs';

/** Issue 13: median click → first remote audio packet on loopback. */
export const JOIN_TARGET_MS = 700;
const JOINS = 10;

/** The milestones of one join, in ms after the click (null: not seen). */
/** @typedef {Awaited<ReturnType<typeof awaitFirstAudio>>} JoinMilestones */

export async function runMediaJoin() {
  const startedLoad = loadavg();
  const serverSource = buildServer();
  const webDist = resolve('apps/web/dist');
  if (!existsSync(`${webDist}/index.html`)) throw new Error('apps/web/dist has no build: run `npm run build` first');
  const api = await loadApi();
  const database = await createBenchDatabase();
  /** @type {(() => unknown)[]} */
  const cleanup = [];
  try {
    // Eleven voice joins by one page and one owner: above a person's creation limits.
    const server = await startServer(database.url, { WEB_DIST_DIR: webDist, CREATE_RATE_LIMIT_MAX: '1000' });
    cleanup.push(() => server.stop());

    // The speaker: a member who owns the group and its voice channel, in it with an rtc-node bot.
    const speaker = await register(api, server.url, 'speaker');
    cleanup.push(() => speaker.http.close());
    const { groupId, channelId } = await createVoiceChannel(speaker, []);
    const media = await joinChannel(speaker, channelId);
    cleanup.push(keepVoiceAlive([speaker]));
    const bots = await startChild('bench/media/voice-bots.mjs', []);
    cleanup.push(async () => {
      await bots.request('leave', {}, 20_000).catch(() => undefined);
      await bots.kill();
    });
    await bots.request('join', {
      url: media.url,
      bots: [{ identity: speaker.nickname, token: media.token, video: false }],
      video: { width: 0, height: 0, fps: 0, maxBitrate: 0 },
    });

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    cleanup.push(() => browser.close());
    const context = await browser.newContext({ locale: 'ru-RU', baseURL: server.url });
    const page = await context.newPage();
    await page.addInitScript(installJoinProbe);
    /** @type {string[]} */
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    // The listener signs up and joins the group through the page's own request context (its cookies).
    const tag = Math.random().toString(36).slice(2, 10);
    const signUp = await page.request.post(api.urlOf(api.auth.register), {
      data: { email: `bench_j${tag}@example.org`, nickname: `bench_j${tag}`, password: `bench-${tag}-password` },
    });
    if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
    const { code } = await speaker.http.call(api.group.createInvite, { body: { groupId } });
    const accepted = await page.request.post(api.urlOf(api.group.acceptInvite), { data: { code } });
    if (!accepted.ok()) throw new Error(`accept-invite: ${accepted.status()} ${await accepted.text()}`);
    await page.goto(`/channels/${groupId}/${channelId}`);

    /** @type {JoinMilestones[]} */
    const joins = [];
    for (let i = 0; i < JOINS; i += 1) {
      const connect = page.getByTestId('voice-connect');
      await connect.waitFor({ state: 'visible', timeout: 20_000 });
      await connect.click();
      joins.push(
        await page.evaluate(awaitFirstAudio, { timeoutMs: 20_000, pollMs: 5, resourceHint: '/livekit/join-channel' }),
      );
      await page.getByTestId('call-leave').click();
      await page.getByTestId('call-panel').waitFor({ state: 'detached', timeout: 20_000 });
      // The server and the SFU forget the seat and the participant before the next join.
      await sleep(500);
    }

    const first = joins.map((join) => join.firstPacketMs ?? Number.NaN);
    /** @param {keyof JoinMilestones} key */
    const median = (key) => stats(joins.map((join) => Number(join[key] ?? Number.NaN))).p50;
    return {
      measuredAt: new Date().toISOString(),
      machine: describeMachine(),
      load: { start: startedLoad, end: loadavg() },
      serverSource,
      joins,
      firstPacket: stats(first),
      medians: {
        joinApiMs: median('joinApiMs'),
        signallingCreatedMs: median('signallingCreatedMs'),
        signallingOpenMs: median('signallingOpenMs'),
        joinResponseMs: median('joinResponseMs'),
        subscriberOfferMs: median('subscriberOfferMs'),
        iceDtlsConnectedMs: median('iceDtlsConnectedMs'),
        firstPacketMs: median('firstPacketMs'),
      },
      targetMs: JOIN_TARGET_MS,
      consoleErrors,
    };
  } finally {
    for (const step of cleanup.reverse()) await step();
    await database.drop();
  }
}

/** @typedef {Awaited<ReturnType<typeof runMediaJoin>>} MediaJoinResult */

/** @param {MediaJoinResult} r */
export function printMediaJoin(r) {
  console.log(
    `\nJoin time: «Подключиться» → first remote audio packet (ms after the click; ${r.joins.length} joins, Chromium, loopback)`,
  );
  const ms = (/** @type {number | null} */ x) => (x === null ? '—' : x.toFixed(0));
  console.table(
    r.joins.map((join, i) => ({
      join: i === 0 ? '1 (loads livekit-client)' : String(i + 1),
      'join-channel answered': ms(join.joinApiMs),
      'signalling opened': ms(join.signallingOpenMs),
      JoinResponse: ms(join.joinResponseMs),
      'subscriber offer': ms(join.subscriberOfferMs),
      'ICE+DTLS connected': ms(join.iceDtlsConnectedMs),
      'first packet': ms(join.firstPacketMs),
      'seen by polling': ms(join.detectedMs),
    })),
  );
  const m = r.medians;
  console.log(
    `Medians: join-channel ${m.joinApiMs} → signalling open ${m.signallingOpenMs} → JoinResponse ${m.joinResponseMs} → ` +
      `subscriber offer ${m.subscriberOfferMs} → ICE+DTLS ${m.iceDtlsConnectedMs} → first packet ${m.firstPacketMs} ms ` +
      '(each after the click; the first packet is lastPacketReceivedTimestamp less 20 ms per later packet)',
  );
  console.log(
    `click → first remote audio: median ${r.firstPacket.p50} ms, p90 ${r.firstPacket.p90} ms, target ≤ ${r.targetMs} ms — ${
      r.firstPacket.p50 <= r.targetMs ? 'met' : 'MISSED'
    }; console errors: ${r.consoleErrors.length}`,
  );
}
