// The message benchmark's table and its targets (issue 4). Targets are printed, never enforced.

/** @typedef {Awaited<ReturnType<typeof import('../messages.mjs').runMessages>>} MessagesResult */
/** @typedef {{ name: string, target: string, actual: string, pass: boolean }} Target */

export const TARGETS = { p99Ms: 25, messagesPerSec: 1500, firstPageMs: 15 };

/** @param {MessagesResult} r @returns {Target[]} */
export function evaluateTargets(r) {
  const missing = r.latency.missing + r.throughput.missing + r.spread.missing;
  return [
    {
      name: `send → delivered p99 at ${r.params.rate} messages/s`,
      target: `≤ ${TARGETS.p99Ms} ms`,
      actual: `${r.latency.delivered.p99} ms`,
      pass: r.latency.delivered.p99 <= TARGETS.p99Ms && r.latency.missing === 0,
    },
    ...[r.spread, r.throughput].map((t) => ({
      name: `sustained, ${t.concurrency} in flight over ${t.chats === 1 ? 'one chat' : `${t.chats} chats`}`,
      target: `≥ ${TARGETS.messagesPerSec.toLocaleString('en')} messages/s`,
      actual: `${t.messagesPerSec.toLocaleString('en')} messages/s`,
      pass: t.messagesPerSec >= TARGETS.messagesPerSec && t.missing === 0,
    })),
    {
      name: `first page (p99) of a ${r.history.messages.toLocaleString('en')}-message chat`,
      target: `≤ ${TARGETS.firstPageMs} ms`,
      actual: `${r.history.firstPage.p99} ms`,
      pass: r.history.firstPage.p99 <= TARGETS.firstPageMs,
    },
    {
      name: 'every sent message delivered',
      target: '0 missing',
      actual: `${missing} missing`,
      pass: missing === 0,
    },
  ];
}

/** @param {MessagesResult} r */
export function printMessages(r) {
  const ms = (/** @type {number} */ x) => x.toFixed(2);
  /** @param {string} what @param {import('./phases.mjs').Stats} s @param {string} [extra] */
  const row = (what, s, extra = '') => ({
    measurement: what,
    n: s.n,
    'p50 ms': ms(s.p50),
    'p90 ms': ms(s.p90),
    'p99 ms': ms(s.p99),
    'max ms': ms(s.max),
    notes: extra,
  });
  const { latency: l, history: h } = r;
  /** @param {MessagesResult['spread']} t */
  const sustained = (t) =>
    row(
      `send → delivered, ${t.concurrency} in flight, ${t.chats === 1 ? 'one chat' : `${t.chats} chats`}`,
      t.delivered,
      `${t.messagesPerSec} messages/s; ${t.errors} errors, ${t.missing} missing; ${cpuNote(t.cpuMsPerMessage)}`,
    );
  console.log(`\nMessages (PostgreSQL ${r.machine.postgres}, Node ${r.machine.node}, ${r.machine.cpus} cores)`);
  console.table([
    row(
      `send → delivered, ${l.rate}/s paced`,
      l.delivered,
      `${l.errors} errors, ${l.missing} missing; ${cpuNote(l.cpuMsPerMessage)}`,
    ),
    row(`send → HTTP 200, ${l.rate}/s paced`, l.http),
    sustained(r.throughput),
    sustained(r.spread),
    row(
      `first page (limit ${r.params.pageLimit})`,
      h.firstPage,
      `${h.messages.toLocaleString('en')} messages; ${plan(h.firstPagePlan)}`,
    ),
    row('deep page (before = the middle)', h.deepPage, 'keyset: should match the first page'),
    row('GET /api/chat/one', h.chatOne, `bulk load ${h.loadSeconds} s`),
    ...(h.firstPageAfterLive
      ? [
          row(
            'first page, after the live phases',
            h.firstPageAfterLive,
            `${(l.sent + r.throughput.sent + r.spread.sent).toLocaleString('en')}+ newer rows in other chats; ${plan(
              h.firstPagePlanAfterLive,
            )}`,
          ),
        ]
      : []),
  ]);
}

/** @param {MessagesResult['latency']['cpuMsPerMessage']} c */
function cpuNote(c) {
  return `CPU ms/message: server ${c.server}, PostgreSQL ${c.postgres}, load generator ${c.bench}`;
}

/** @param {MessagesResult['history']['firstPagePlan'] | null} p */
function plan(p) {
  if (!p) return '';
  return `plan: ${p.index}, ${p.rowsRemovedByFilter} rows filtered out, ${p.sharedBuffers} buffers, ${p.executionMs.toFixed(2)} ms in PostgreSQL`;
}

/** @param {Target[]} targets */
export function printTargets(targets) {
  console.log('Targets (issue 4):');
  for (const t of targets) {
    console.log(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.actual} (target ${t.target})`);
  }
}
