// API latency under media load (issue 13): the real server (PostgreSQL, its embedded SFU) in a child process; the
// send → delivered latency of messages at a fixed rate, measured the way the messages benchmark does, first with no
// media and then, on the same server in the same run, while a 10-person voice channel of @livekit/rtc-node bots
// (10 sine publishers, 2 also publishing 1280×720 video, everyone subscribed to everyone; a process of their own)
// runs through its SFU. Also the server's CPU (all threads and its main thread), a GET /api/health round trip (the
// server exposes no event-loop delay, so this is the outside view of it), and the bots' loss.
import { loadavg } from 'node:os';
import { startChild } from './fanout/child.mjs';
import { sleep } from './fanout/common.mjs';
import { describeMachine } from './machine.mjs';
import { directChat, register } from './messages.mjs';
import { loadApi } from './messages/api.mjs';
import { createBenchDatabase } from './messages/database.mjs';
import { HttpUser } from './messages/http.mjs';
import { measureLatency, stats } from './messages/phases.mjs';
import { buildServer, startServer } from './messages/server.mjs';
import { openRecipient } from './messages/socket.mjs';
import { startBenchSfu } from './media/bench-sfu.mjs';
import { startCpuPhase } from './media/cpu-phase.mjs';
import { createVoiceChannel, joinChannel, keepVoiceAlive } from './media/voice-channel.mjs';

/** Issue 13: the send-message p99 with the voice channel running may be at most this times the p99 without. */
export const MEDIA_LOAD_P99_RATIO_TARGET = 1.2;
/** Issue 13: the 10-person channel should take less than this share of one core. */
export const CHANNEL_CORE_SHARE_TARGET_PCT = 30;
/** Opus in 20 ms packets. */
const AUDIO_PACKETS_PER_SECOND = 50;
/** The control phase's SFU process. */
const SEPARATE_SFU_PORT = 3236;

/** @param {boolean} quick */
export function mediaLoadParams(quick) {
  return {
    rate: 200,
    seconds: quick ? 5 : 10,
    warmSeconds: 1,
    bots: 10,
    videoPublishers: 2,
    // 15 fps: what two 720p VP8 encoders and 18 decoders in the bots can be fed on 2 shared cores.
    video: { width: 1280, height: 720, fps: 15, maxBitrate: 1_500_000 },
    healthEveryMs: 20,
    // The bots stand in for people on their own computers, so by default they run under SCHED_IDLE: every thread of
    // theirs yields to the server, PostgreSQL and the bench, and gets the rest of the two cores (which is plenty:
    // the media tables below show what they sent and received). BENCH_BOTS_SCHED=normal makes them compete as equals.
    botsScheduling: process.env.BENCH_BOTS_SCHED === 'normal' ? 'normal' : 'idle',
    // BENCH_BOTS_CPUS=1 (a taskset list): the bots only on these cores, e.g. with the bench itself started under
    // `taskset -c 0`, so that the server (a child of the bench) and the bots never take turns on one core.
    botsCpus: process.env.BENCH_BOTS_CPUS ?? null,
    settleSeconds: 3,
  };
}

/**
 * GET /api/health one at a time every `everyMs` until stopped: the main thread's delay as a client sees it.
 * @param {HttpUser} http @param {string} path @param {number} everyMs
 */
function probeHealth(http, path, everyMs) {
  /** @type {number[]} */
  const times = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      await http.ok('GET', path);
      times.push(performance.now() - start);
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return stats(times);
    },
  };
}

let phaseCount = 0;

/** @param {import('./media/cpu-phase.mjs').CpuPhase} cpu */
const otherThreads = (cpu) => cpu.serverPct - cpu.serverMainThreadPct;

/**
 * One measured phase: the paced sends with the health probe beside them, and the CPU of everyone involved.
 * @param {Parameters<typeof measureLatency>[0]} latencyInput @param {HttpUser} probe @param {string} healthPath
 * @param {number} everyMs @param {number | undefined} botsPid
 */
async function measurePhase(latencyInput, probe, healthPath, everyMs, botsPid) {
  const cpu = startCpuPhase({ serverPid: latencyInput.serverPid, botsPid });
  const health = probeHealth(probe, healthPath, everyMs);
  const latency = await measureLatency({ ...latencyInput, label: `${phaseCount++}-` });
  return { latency, health: await health.stop(), cpu: cpu.stop() };
}

/** @typedef {{ counters: Record<string, number>, resolutions: string[], videoFramesCaptured: number, roomsWithoutStats: number }} BotStats */

/**
 * How much `metric` grew between two snapshots, stream by stream: a counter lower than before belongs to a new
 * connection of the same stream (a bot that rejoined), all of it counted.
 * @param {BotStats} from @param {BotStats} to @param {string} metric
 */
function grew(from, to, metric) {
  let total = 0;
  for (const [key, value] of Object.entries(to.counters)) {
    if (!key.startsWith(`${metric}|`)) continue;
    const before = from.counters[key] ?? 0;
    total += value >= before ? value - before : value;
  }
  return total;
}

/**
 * What the bots' subscriber connections received over the phase, against what the publishers put out.
 * @param {BotStats} from @param {BotStats} to @param {number} seconds @param {ReturnType<typeof mediaLoadParams>} params
 */
function mediaDelivery(from, to, seconds, params) {
  const receivers = params.bots - 1;
  const audioSubscriptions = params.bots * receivers;
  // What the bots' publishers sent, to each of the other nine: short of 50 packets/s when the bots are starved of CPU.
  const audioSent = grew(from, to, 'sent.audioPackets');
  const audioExpected = audioSent * receivers;
  const audioReceived = grew(from, to, 'audio.packetsReceived');
  const videoExpected = grew(from, to, 'sent.videoPackets') * receivers;
  const videoReceived = grew(from, to, 'video.packetsReceived');
  const framesEncoded = grew(from, to, 'sent.framesEncoded');
  const framesExpected = framesEncoded * receivers;
  const framesDecoded = grew(from, to, 'video.framesDecoded');
  const pct = (/** @type {number} */ part, /** @type {number} */ whole) =>
    whole === 0 ? Number.NaN : Math.round((part / whole) * 1000) / 10;
  return {
    roomsWithoutStats: Math.max(from.roomsWithoutStats, to.roomsWithoutStats),
    audio: {
      subscriptions: audioSubscriptions,
      nominalPackets: Math.round(audioSubscriptions * AUDIO_PACKETS_PER_SECOND * seconds),
      sentPackets: audioSent,
      expectedPackets: audioExpected,
      receivedPackets: audioReceived,
      lostPackets: grew(from, to, 'audio.packetsLost'),
      receivedPct: pct(audioReceived, audioExpected),
    },
    video: {
      subscriptions: params.videoPublishers * receivers,
      framesCaptured: to.videoFramesCaptured - from.videoFramesCaptured,
      framesEncoded,
      sentKbps: Math.round((grew(from, to, 'sent.bytesSent') * 8) / seconds / 1000),
      sentResolutions: to.resolutions,
      expectedPackets: videoExpected,
      receivedPackets: videoReceived,
      lostPackets: grew(from, to, 'video.packetsLost'),
      receivedPct: pct(videoReceived, videoExpected),
      // Decoding is the bots' own CPU: a starved bot receives the packets and drops frames before decoding.
      expectedFrames: framesExpected,
      decodedFrames: framesDecoded,
      decodedPct: pct(framesDecoded, framesExpected),
    },
  };
}

/** @param {{ quick: boolean }} options */
export async function runMediaLoad({ quick }) {
  const params = mediaLoadParams(quick);
  const startedLoad = loadavg();
  const serverSource = buildServer();
  const api = await loadApi();
  const { getHealth } = await import('@beseda/protocol/endpoints/health');
  const healthPath = api.urlOf(getHealth);
  const database = await createBenchDatabase();
  /** @type {(() => unknown)[]} */
  const cleanup = [];
  try {
    // Ten voice joins from one address and one owner's setup: above the per-user creation limits of a person.
    const server = await startServer(database.url, { CREATE_RATE_LIMIT_MAX: '1000' });
    cleanup.push(() => server.stop());
    const sender = await register(api, server.url, 's');
    const recipient = await register(api, server.url, 'r');
    const people = await Promise.all(Array.from({ length: params.bots }, (_, i) => register(api, server.url, `v${i}`)));
    cleanup.push(() => [sender, recipient, ...people].forEach((user) => user.http.close()));
    const chatId = await directChat(sender, recipient);
    const { token } = await recipient.http.call(api.auth.getWsToken);
    const socket = await openRecipient(server.url, token, `notification:user:message#${recipient.id}`);
    cleanup.push(() => socket.close());
    const probe = new HttpUser(api, server.url, 1);
    cleanup.push(() => probe.close());
    const latencyInput = {
      sender: sender.http,
      recipient: socket,
      chatId,
      serverPid: server.pid,
      rate: params.rate,
      seconds: params.seconds,
      warmSeconds: params.warmSeconds,
    };

    process.stdout.write(`media load: ${params.rate} messages/s for ${params.seconds} s without media … `);
    const quiet = await measurePhase(latencyInput, probe, healthPath, params.healthEveryMs, undefined);
    console.log(`p99 ${quiet.latency.delivered.p99} ms`);
    const expected = { audio: params.bots * (params.bots - 1), video: params.videoPublishers * (params.bots - 1) };

    const [owner, ...members] = /** @type {[import('./messages.mjs').User, ...import('./messages.mjs').User[]]} */ (
      people
    );
    const { channelId } = await createVoiceChannel(owner, members);
    const embeddedTokens = [];
    for (const person of people) embeddedTokens.push(await joinChannel(person, channelId));
    cleanup.push(keepVoiceAlive(people));
    /** @param {{ url: string, token: string }[]} tokens */
    const botSpecs = (tokens) =>
      tokens.map((t, i) => ({
        identity: people[i]?.nickname ?? `bot-${i}`,
        token: t.token,
        video: i < params.videoPublishers,
      }));

    // The control: the same bots and the same SFU code, but the SFU in a process of its own, so the API server
    // carries no media at all while the machine carries all of it (the bots share its two cores). What the API
    // loses here is the machine's; what it loses beyond this with the embedded SFU is the embedding's.
    const separate = await startBenchSfu(SEPARATE_SFU_PORT);
    cleanup.push(() => separate.stop());
    const separateTokens = await Promise.all(
      people.map(async (person) => ({ url: separate.url, token: await separate.token(person.nickname, 'channel') })),
    );
    const separatePhase = await channelPhase('on a separate SFU process', separateTokens);
    await separate.stop();
    const embeddedPhase = await channelPhase('on the embedded SFU', embeddedTokens);

    /** @param {string} label @param {{ url: string, token: string }[]} tokens */
    async function channelPhase(label, tokens) {
      const bots = await startChild(
        'bench/media/voice-bots.mjs',
        [],
        [],
        [
          ...(params.botsCpus === null ? [] : ['taskset', '-c', params.botsCpus]),
          ...(params.botsScheduling === 'idle' ? ['chrt', '--idle', '0'] : []),
        ],
      );
      let botsLeft = false;
      try {
        const botsPid = /** @type {number} */ (bots.ready.pid);
        process.stdout.write(`media load: ${params.bots} bots joining ${label} … `);
        const joinStart = performance.now();
        await bots.request('join', { url: tokens[0]?.url, bots: botSpecs(tokens), video: params.video }, 120_000);
        /** @type {{ audio: number, video: number }} */
        let subscribed = { audio: 0, video: 0 };
        for (const until = performance.now() + 60_000; performance.now() < until; await sleep(250)) {
          subscribed = /** @type {typeof subscribed} */ (await bots.request('subscribed'));
          if (subscribed.audio >= expected.audio && subscribed.video >= expected.video) break;
        }
        console.log(
          `${Math.round(performance.now() - joinStart)} ms; subscribed audio ${subscribed.audio}/${expected.audio}, video ${subscribed.video}/${expected.video}`,
        );
        await sleep(params.settleSeconds * 1000);

        process.stdout.write(
          `media load: ${params.rate} messages/s for ${params.seconds} s, voice channel ${label} … `,
        );
        const before = /** @type {BotStats} */ (await bots.request('stats'));
        const mediaStart = performance.now();
        const phase = await measurePhase(latencyInput, probe, healthPath, params.healthEveryMs, botsPid);
        const mediaSeconds = (performance.now() - mediaStart) / 1000;
        const after = /** @type {BotStats} */ (await bots.request('stats'));
        console.log(`p99 ${phase.latency.delivered.p99} ms`);
        await bots.request('leave', {}, 20_000);
        botsLeft = true;
        return { ...phase, subscribed, media: mediaDelivery(before, after, mediaSeconds, params) };
      } finally {
        // rtc-node's rooms disconnect cleanly first (a failed run too), so the server's log shows no dropped media.
        if (!botsLeft) await bots.request('leave', {}, 20_000).catch(() => undefined);
        await bots.kill();
      }
    }

    // The first phase again, once the channel is gone: how far the machine (other work, a warmer server) drifted.
    process.stdout.write(`media load: ${params.rate} messages/s for ${params.seconds} s after the channel left … `);
    await sleep(params.settleSeconds * 1000);
    const quietAfter = await measurePhase(latencyInput, probe, healthPath, params.healthEveryMs, undefined);
    console.log(`p99 ${quietAfter.latency.delivered.p99} ms`);
    const ratio = (/** @type {number} */ a, /** @type {number} */ b) => Math.round((a / b) * 100) / 100;
    const p99 = (/** @type {{ latency: { delivered: { p99: number } } }} */ phase) => phase.latency.delivered.p99;

    return {
      measuredAt: new Date().toISOString(),
      quick,
      machine: describeMachine(),
      load: { start: startedLoad, end: loadavg() },
      serverSource,
      params,
      quiet,
      separateSfu: separatePhase,
      withMedia: embeddedPhase,
      quietAfter,
      p99Ratio: ratio(p99(embeddedPhase), p99(quiet)),
      p99RatioToAfter: ratio(p99(embeddedPhase), p99(quietAfter)),
      // The embedding's own effect: the same media with the SFU inside the API server against beside it.
      p99RatioToSeparate: ratio(p99(embeddedPhase), p99(separatePhase)),
      // The machine's: the same media with no media in the API server at all.
      separateP99Ratio: ratio(p99(separatePhase), p99(quiet)),
      // The channel's own share of the server: the difference the voice channel made (the messages run in both).
      channelServerPct: Math.round((embeddedPhase.cpu.serverPct - quiet.cpu.serverPct) * 10) / 10,
      // The same for the threads besides the main one (the SFU's worker above all): the main thread's own CPU has
      // moved by tens of points between phases on a busy machine for the same messages, hiding the SFU's share.
      channelOtherThreadsPct: Math.round((otherThreads(embeddedPhase.cpu) - otherThreads(quiet.cpu)) * 10) / 10,
      expectedSubscriptions: expected,
    };
  } finally {
    for (const step of cleanup.reverse()) await step();
    await database.drop();
  }
}

/** @typedef {Awaited<ReturnType<typeof runMediaLoad>>} MediaLoadResult */

/** @param {MediaLoadResult} r */
export function printMediaLoad(r) {
  const { params: p } = r;
  console.log(
    `\nAPI under media load: send → delivered at ${p.rate} messages/s, ${p.seconds} s per phase; voice channel: ` +
      `${p.bots} rtc-node bots, ${p.videoPublishers} with ${p.video.width}×${p.video.height} video at ${p.video.fps} fps`,
  );
  /** @param {string} phase @param {MediaLoadResult['quiet']} m */
  const row = (phase, m) => ({
    phase,
    'delivered p50 ms': m.latency.delivered.p50,
    'delivered p99 ms': m.latency.delivered.p99,
    'HTTP p99 ms': m.latency.http.p99,
    'health p50 ms': m.health.p50,
    'health p99 ms': m.health.p99,
    'server CPU %': m.cpu.serverPct,
    'main thread %': m.cpu.serverMainThreadPct,
    'postgres %': m.cpu.postgresPct,
    'bots %': m.cpu.botsPct,
    'bench %': m.cpu.benchPct,
    'machine busy %': m.cpu.machineBusyPct,
    'others %': m.cpu.othersPct,
    'errors/missing': `${m.latency.errors}/${m.latency.missing}`,
  });
  console.table([
    row('no media', r.quiet),
    row('channel, separate SFU', r.separateSfu),
    row('channel, embedded SFU', r.withMedia),
    row('no media, after', r.quietAfter),
  ]);
  printDelivery('separate SFU', r.separateSfu, r, p);
  printDelivery('embedded SFU', r.withMedia, r, p);
  console.log(
    'Notes: CPU % is of one core (server = every thread of the server process: HTTP, realtime, the SFU workers); ' +
      `machine busy % is of all ${r.machine.cpus} cores. The bots run in their own process but on the same ` +
      `${r.machine.cpus} cores as the server, PostgreSQL and the bench, and compete with them for CPU (decoding ` +
      `${r.withMedia.media.video.subscriptions} video subscriptions is most of their cost; scheduled ` +
      `${p.botsScheduling === 'idle' ? 'SCHED_IDLE' : 'as equals'}). "Separate SFU": the same bots and SFU code with ` +
      "the SFU in its own process (the API server carries no media): the machine's share of the slowdown. The " +
      'server exposes no event-loop delay: "health" is a GET /api/health round trip every ' +
      `${p.healthEveryMs} ms, the main thread's delay as a client sees it.`,
  );
  console.log(
    `send → delivered p99, embedded SFU / no media: ${r.p99Ratio}× (${r.p99RatioToAfter}× against the phase after), ` +
      `target ≤ ${MEDIA_LOAD_P99_RATIO_TARGET}× — ${r.p99Ratio <= MEDIA_LOAD_P99_RATIO_TARGET ? 'met' : 'MISSED'}; ` +
      `separate SFU / no media: ${r.separateP99Ratio}× (the machine); embedded / separate: ${r.p99RatioToSeparate}× ` +
      `(the embedding) — ${r.p99RatioToSeparate <= MEDIA_LOAD_P99_RATIO_TARGET ? 'within' : 'beyond'} ${MEDIA_LOAD_P99_RATIO_TARGET}×`,
  );
  console.log(
    `The channel's share of the server (with − without): ${r.channelServerPct}% of a core, of the threads besides ` +
      `the main one ${r.channelOtherThreadsPct}%; target < ${CHANNEL_CORE_SHARE_TARGET_PCT}% — ${
        Math.max(r.channelServerPct, r.channelOtherThreadsPct) < CHANNEL_CORE_SHARE_TARGET_PCT ? 'met' : 'MISSED'
      } (the 10-person channel alone: see media-forwarding)`,
  );
}

/**
 * @param {string} label @param {MediaLoadResult['withMedia']} phase @param {MediaLoadResult} r
 * @param {MediaLoadResult['params']} p
 */
function printDelivery(label, phase, r, p) {
  const { audio, video } = phase.media;
  console.log(`Media delivered, ${label}:`);
  console.table([
    {
      media: 'audio packets',
      subscriptions: `${phase.subscribed.audio}/${r.expectedSubscriptions.audio}`,
      nominal: audio.nominalPackets,
      expected: audio.expectedPackets,
      received: audio.receivedPackets,
      'received %': audio.receivedPct,
      lost: audio.lostPackets,
    },
    {
      media: 'video packets',
      subscriptions: `${phase.subscribed.video}/${r.expectedSubscriptions.video}`,
      nominal: '',
      expected: video.expectedPackets,
      received: video.receivedPackets,
      'received %': video.receivedPct,
      lost: video.lostPackets,
    },
    {
      media: 'video frames decoded',
      subscriptions: '',
      nominal: video.subscriptions * p.video.fps * Math.round(phase.cpu.seconds),
      expected: video.expectedFrames,
      received: video.decodedFrames,
      'received %': video.decodedPct,
      lost: '',
    },
  ]);
  console.log(
    `Nominal: 50 audio packets/s and ${p.video.fps} video frames/s per subscription; expected: what the bots' ` +
      `publishers really sent (packets, encoded frames) × ${p.bots - 1} receivers; received: inbound-rtp ` +
      "packetsReceived / framesDecoded of the bots' subscriber connections; lost: their packetsLost. Packets are " +
      "the SFU's delivery; decoded frames are also the bots' own CPU.",
  );
  console.log(
    `Video sent: ${video.framesCaptured} frames captured, ${video.framesEncoded} encoded (${video.sentResolutions.join(', ')}), ` +
      `${video.sentKbps} kbit/s in all; bots without stats (dropped): ${phase.media.roomsWithoutStats}.`,
  );
}
