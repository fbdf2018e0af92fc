// The three measurements: paced send → delivered latency, unpaced throughput, and history reads.
import { quantile, sleep } from '../fanout/common.mjs';
import { startCpuAccount } from './cpu.mjs';

/** @typedef {import('./http.mjs').HttpUser} HttpUser */
/** @typedef {Awaited<ReturnType<typeof import('./socket.mjs').openRecipient>>} Recipient */
/** @typedef {{ n: number, p50: number, p90: number, p99: number, max: number }} Stats */
/** @typedef {{ sender: HttpUser, recipient: Recipient, chatId: string, serverPid: number | undefined }} Pair */

// About 100 characters of Cyrillic, like an ordinary chat line.
const CONTENT = 'Привет! Проверяю, как быстро доходят сообщения: отправка, запись в базу и доставка в сокет. №';

/** @param {number} x */
const round2 = (x) => Math.round(x * 100) / 100;

/** @param {number[]} values @returns {Stats} */
export function stats(values) {
  const sorted = Float64Array.from(values).sort();
  const round = round2;
  return {
    n: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.length === 0 ? Number.NaN : /** @type {number} */ (sorted[sorted.length - 1])),
  };
}

/**
 * CPU ms per message of each side. The account of a closed-loop phase includes waiting for the last deliveries,
 * when nothing else runs.
 * @param {import('./cpu.mjs').CpuSplit} split @param {number} count
 */
function perMessage(split, count) {
  return {
    server: round2(split.serverMs / count),
    postgres: round2(split.postgresMs / count),
    bench: round2(split.benchMs / count),
  };
}

/**
 * One send; resolves with its start time and HTTP answer time (performance.now()), never rejects.
 * @param {HttpUser} sender @param {string} chatId @param {string} clientId
 */
async function send(sender, chatId, clientId) {
  const { sendMessage } = sender.api.chat;
  const url = sender.api.urlOf(sendMessage, { query: { chatId } });
  const start = performance.now();
  const reply = await sender
    .request(sendMessage.method, url, { content: `${CONTENT}${clientId}`, clientId })
    .catch(() => ({ status: 0 }));
  return { clientId, start, answered: performance.now(), ok: reply.status === 200 };
}

/** @param {Recipient} recipient @param {Awaited<ReturnType<typeof send>>[]} sends */
function deliveries(recipient, sends) {
  const latencies = [];
  let missing = 0;
  for (const s of sends) {
    const at = recipient.arrivals.get(s.clientId);
    if (at === undefined) missing += 1;
    else latencies.push(at - s.start);
  }
  return { latencies, missing };
}

/**
 * Open loop at a steady rate: send i starts at t0 + i / rate whatever the earlier ones are doing (a slow server
 * queues requests, and the queueing shows in the latency, as it would for users). Warm-up sends are not counted.
 * `label` keeps the clientIds of several runs on one recipient apart (the media-load benchmark runs it per phase).
 * @param {Pair & { rate: number, seconds: number, warmSeconds: number, label?: string }} input
 */
export async function measureLatency({ sender, recipient, chatId, serverPid, rate, seconds, warmSeconds, label = '' }) {
  const paced = async (/** @type {string} */ prefix, /** @type {number} */ count) => {
    const t0 = performance.now();
    const pending = [];
    for (let i = 0; i < count; i++) {
      const wait = t0 + (i * 1000) / rate - performance.now();
      if (wait >= 1) await sleep(wait);
      pending.push(send(sender, chatId, `${prefix}-${i}`));
    }
    const sends = await Promise.all(pending);
    await recipient.waitFor(
      sends.map((s) => s.clientId),
      5000,
    );
    return { sends, ms: performance.now() - t0 };
  };
  await paced(`${label}warm`, Math.round(rate * warmSeconds));
  const cpu = startCpuAccount(serverPid);
  const { sends, ms } = await paced(`${label}lat`, Math.round(rate * seconds));
  const cpuMsPerMessage = perMessage(cpu.stop(), sends.length);
  const { latencies, missing } = deliveries(recipient, sends);
  return {
    rate,
    seconds,
    sent: sends.length,
    achievedRate: Math.round((sends.length / ms) * 1000),
    errors: sends.filter((s) => !s.ok).length,
    missing,
    delivered: stats(latencies),
    http: stats(sends.map((s) => s.answered - s.start)),
    cpuMsPerMessage,
  };
}

/**
 * Closed loop: `concurrency` sends in flight, each sending again as soon as its previous one is answered, for
 * `seconds`, spread round-robin over `lanes` (sender, chat): one lane is one busy chat (one sender: every send also
 * moves the same read-marker row); many lanes are many conversations, the server's capacity. Throughput = messages delivered to
 * the socket / (last arrival − start).
 * @param {{ lanes: { sender: HttpUser, chatId: string }[], recipient: Recipient, serverPid: number | undefined,
 *   concurrency: number, seconds: number, label: string }} input
 */
export async function measureThroughput({ lanes, recipient, serverPid, concurrency, seconds, label }) {
  /** @type {Awaited<ReturnType<typeof send>>[]} */
  const sends = [];
  let next = 0;
  const cpu = startCpuAccount(serverPid);
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const worker = async (/** @type {unknown} */ _, /** @type {number} */ i) => {
    const lane = /** @type {{ sender: HttpUser, chatId: string }} */ (lanes[i % lanes.length]);
    while (performance.now() < end) sends.push(await send(lane.sender, lane.chatId, `${label}-${next++}`));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await recipient.waitFor(
    sends.map((s) => s.clientId),
    10_000,
  );
  const cpuMsPerMessage = perMessage(cpu.stop(), sends.length);
  const { latencies, missing } = deliveries(recipient, sends);
  const arrivals = sends.map((s) => recipient.arrivals.get(s.clientId) ?? 0);
  const lastArrival = Math.max(...arrivals);
  return {
    chats: lanes.length,
    concurrency,
    seconds,
    sent: sends.length,
    errors: sends.filter((s) => !s.ok).length,
    missing,
    messagesPerSec: Math.round((latencies.length / (lastArrival - t0)) * 1000),
    delivered: stats(latencies),
    http: stats(sends.map((s) => s.answered - s.start)),
    cpuMsPerMessage,
  };
}

/**
 * Sequential GETs (one at a time: the latency of a single user opening the chat), after a warm-up.
 * @param {HttpUser} reader @param {string} path @param {number} count
 */
export async function timeReads(reader, path, count) {
  for (let i = 0; i < Math.min(20, count); i++) await reader.ok('GET', path);
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await reader.ok('GET', path);
    times.push(performance.now() - start);
  }
  return stats(times);
}
