// The harness of the click → first remote audio benchmarks (join time, direct call setup): the real server with the
// production web build and a fresh PostgreSQL database, one Chromium page with the join probe watching clicks on
// `clickSelector`, and a user signed up through that page's own request context (its cookies). The scenario sets up
// its media and returns the milestones of each click; the harness summarises them and cleans up.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/chromium-args.mjs';
import { describeMachine } from '../machine.mjs';
import { loadApi } from '../messages/api.mjs';
import { createBenchDatabase } from '../messages/database.mjs';
import { stats } from '../messages/phases.mjs';
import { buildServer, startServer } from '../messages/server.mjs';
import { installJoinProbe } from './join-probe.mjs';

/** The milestones of one click, in ms after it (null: not seen). */
/** @typedef {Awaited<ReturnType<typeof import('./join-probe.mjs').awaitFirstAudio>>} JoinMilestones */

/**
 * @typedef {{
 *   api: import('../messages/api.mjs').Api,
 *   server: { url: string },
 *   page: import('playwright-core').Page,
 *   pageUser: { id: string, nickname: string },
 *   cleanup: (() => unknown)[],
 * }} ClickBench
 */

/**
 * @param {{ clickSelector: string, nicknamePrefix: string, targetMs: number }} options
 * @param {(bench: ClickBench) => Promise<JoinMilestones[]>} scenario
 */
export async function runClickBench({ clickSelector, nicknamePrefix, targetMs }, scenario) {
  const startedLoad = loadavg();
  const serverSource = buildServer();
  const webDist = resolve('apps/web/dist');
  if (!existsSync(`${webDist}/index.html`)) throw new Error('apps/web/dist has no build: run `npm run build` first');
  const api = await loadApi();
  const database = await createBenchDatabase();
  /** @type {(() => unknown)[]} */
  const cleanup = [];
  try {
    // Ten joins or calls by one page: above a person's creation limits.
    const server = await startServer(database.url, { WEB_DIST_DIR: webDist, CREATE_RATE_LIMIT_MAX: '1000' });
    cleanup.push(() => server.stop());

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    cleanup.push(() => browser.close());
    const context = await browser.newContext({ locale: 'ru-RU', baseURL: server.url });
    const page = await context.newPage();
    await page.addInitScript(installJoinProbe, clickSelector);
    /** @type {string[]} */
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const tag = Math.random().toString(36).slice(2, 10);
    const nickname = `${nicknamePrefix}${tag}`;
    const signUp = await page.request.post(api.urlOf(api.auth.register), {
      data: { email: `${nickname}@example.org`, nickname, password: `bench-${tag}-password` },
    });
    if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
    const { user } = await signUp.json();

    const clicks = await scenario({ api, server, page, pageUser: user, cleanup });
    return {
      measuredAt: new Date().toISOString(),
      machine: describeMachine(),
      load: { start: startedLoad, end: loadavg() },
      serverSource,
      ...summariseJoins(clicks),
      targetMs,
      consoleErrors,
    };
  } finally {
    for (const step of cleanup.reverse()) await step();
    await database.drop();
  }
}

/**
 * The clicks, the click → first packet statistics and the median of every milestone.
 * @param {JoinMilestones[]} joins
 */
function summariseJoins(joins) {
  /** @param {keyof JoinMilestones} key */
  const median = (key) => stats(joins.map((join) => Number(join[key] ?? Number.NaN))).p50;
  return {
    joins,
    firstPacket: stats(joins.map((join) => join.firstPacketMs ?? Number.NaN)),
    medians: {
      joinApiMs: median('joinApiMs'),
      signallingCreatedMs: median('signallingCreatedMs'),
      signallingOpenMs: median('signallingOpenMs'),
      joinResponseMs: median('joinResponseMs'),
      subscriberOfferMs: median('subscriberOfferMs'),
      iceDtlsConnectedMs: median('iceDtlsConnectedMs'),
      firstPacketMs: median('firstPacketMs'),
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof runClickBench>>} ClickBenchResult */

/**
 * The table of milestones and the verdict, for the voice channel join and the direct call's accept alike.
 * @param {ClickBenchResult} r @param {{ title: string, api: string, unit: string }} labels
 */
export function printClickBench(r, labels) {
  console.log(
    `\n${labels.title} → first remote audio packet (ms after the click; ${r.joins.length} × ${labels.unit}, Chromium, loopback)`,
  );
  const ms = (/** @type {number | null} */ x) => (x === null ? '—' : x.toFixed(0));
  console.table(
    r.joins.map((join, i) => ({
      [labels.unit]: i === 0 ? '1 (loads livekit-client)' : String(i + 1),
      [`${labels.api} answered`]: ms(join.joinApiMs),
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
    `Medians: ${labels.api} ${m.joinApiMs} → signalling open ${m.signallingOpenMs} → JoinResponse ${m.joinResponseMs} → ` +
      `subscriber offer ${m.subscriberOfferMs} → ICE+DTLS ${m.iceDtlsConnectedMs} → first packet ${m.firstPacketMs} ms ` +
      '(each after the click; the first packet is lastPacketReceivedTimestamp less 20 ms per later packet)',
  );
  console.log(
    `click → first remote audio: median ${r.firstPacket.p50} ms, p90 ${r.firstPacket.p90} ms, target ≤ ${r.targetMs} ms — ${
      r.firstPacket.p50 <= r.targetMs ? 'met' : 'MISSED'
    }; console errors: ${r.consoleErrors.length}`,
  );
}
