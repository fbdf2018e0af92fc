// `npm run bench`: every benchmark, one table each, results in bench/results/*.json. Not a test: nothing here
// fails on an absolute time; budgets are reported, not enforced.
//   npm run bench -- --only=bundle|cold-auth|fanout|messages|media|link-preview   one benchmark
//   npm run bench -- --quick                fan-out with N=200 only, messages with shorter phases (development)
//   npm run bench -- --only=fanout --n=5000 --servers=beseda,ws   a subset (development, profiling)
//   npm run bench -- --only=media --media=load,join                the media benchmarks: forwarding, channel, load, join, call
//   BENCH_CPU_PROF=bench/results/prof npm run bench -- …          CPU profiles of the server children
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AUTH_FIRST_LOAD_BUDGET_BYTES, measureBundles } from './bundle-size.mjs';
import { COLD_AUTH_TARGET_MS, runColdAuth } from './cold-auth.mjs';
import { runFanout } from './fanout.mjs';
import { evaluateTargets, printTable, printTargets } from './fanout/report.mjs';
import { printMediaChannel, runMediaChannel } from './media-channel.mjs';
import { printMediaForwarding, runMediaForwarding } from './media-forwarding.mjs';
import { printMediaCall, runMediaCall } from './media-call.mjs';
import { printMediaJoin, runMediaJoin } from './media-join.mjs';
import { printMediaLoad, runMediaLoad } from './media-load.mjs';
import { printLinkPreview, runLinkPreview } from './link-preview.mjs';
import { runMessages } from './messages.mjs';
import * as messagesReport from './messages/report.mjs';

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    n: { type: 'string' },
    servers: { type: 'string' },
    media: { type: 'string', default: 'forwarding,channel,load,join,call' },
  },
});
const BENCHMARKS = ['bundle', 'cold-auth', 'fanout', 'messages', 'media', 'link-preview'];
if (flags.only !== undefined && !BENCHMARKS.includes(flags.only)) {
  throw new Error(`--only=${flags.only}: expected one of ${BENCHMARKS.join(', ')}`);
}
const selected = (/** @type {string} */ name) => flags.only === undefined || flags.only === name;

mkdirSync('bench/results', { recursive: true });
if (selected('bundle')) bundleSizes();
if (selected('cold-auth')) await coldAuth();
if (selected('fanout')) await fanout();
if (selected('messages')) await messages();
if (selected('media')) await media();
if (selected('link-preview')) await linkPreview();
// Sockets and timers of the finished benchmarks must not keep the process alive.
process.exit(0);

async function linkPreview() {
  const result = await runLinkPreview({ requests: flags.quick ? 500 : 2000 });
  printLinkPreview(result);
  writeFileSync('bench/results/link-preview.json', `${JSON.stringify(result, null, 2)}\n`);
}

function bundleSizes() {
  if (!existsSync('apps/web/dist/.vite/manifest.json')) {
    spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
  const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

  const bundles = measureBundles();
  console.log('\nWeb bundle sizes (JavaScript, KB)');
  console.table(
    [...bundles.rows, bundles.authFirstLoad].map((row) => ({
      chunk: row.name,
      files: row.files,
      raw: kb(row.rawBytes),
      gzip: kb(row.gzipBytes),
      brotli: kb(row.brotliBytes),
    })),
  );
  console.log(
    `/auth first load: ${kb(bundles.authFirstLoad.gzipBytes)} KB gzipped, budget ${kb(AUTH_FIRST_LOAD_BUDGET_BYTES)} KB — ${
      bundles.withinBudget ? 'within budget' : 'OVER BUDGET'
    }`,
  );
  writeFileSync(
    'bench/results/bundle-size.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetBytes: AUTH_FIRST_LOAD_BUDGET_BYTES, ...bundles }, null, 2)}\n`,
  );
}

async function coldAuth() {
  const result = await runColdAuth();
  console.log('\nCold /auth: until the sign-in form is usable (ms, fresh browser context each run)');
  console.table(result.runs.map((run) => ({ ms: run.interactiveMs, 'console errors': run.consoleErrors.length })));
  const errors = result.runs.reduce((sum, run) => sum + run.consoleErrors.length, 0);
  console.log(
    `/auth interactive: median ${result.medianMs} ms over ${result.runs.length} runs, target ${COLD_AUTH_TARGET_MS} ms — ${
      result.medianMs <= COLD_AUTH_TARGET_MS ? 'met' : 'MISSED'
    }; console errors: ${errors}`,
  );
  writeFileSync(
    'bench/results/cold-auth.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), targetMs: COLD_AUTH_TARGET_MS, ...result }, null, 2)}\n`,
  );
}

async function fanout() {
  const result = await runFanout({
    quick: flags.quick,
    ns: flags.n?.split(',').map(Number),
    servers: flags.servers?.split(','),
  });
  printTable(result.runs);
  const targets = evaluateTargets(result.runs);
  printTargets(targets);
  const [start, end] = [result.load.start[0] ?? 0, result.load.end[0] ?? 0];
  console.log(
    `Load average (1 min): ${start.toFixed(2)} at start, ${end.toFixed(2)} at end; gateway from ${result.gatewaySource}`,
  );
  // A partial run is for development: it does not overwrite the committed full results.
  const partial = flags.quick || flags.n !== undefined || flags.servers !== undefined;
  const file = partial ? 'bench/results/fanout-quick.json' : 'bench/results/fanout.json';
  writeFileSync(file, `${JSON.stringify({ ...result, targets }, null, 2)}\n`);
  console.log(`Written ${file}`);
}

async function messages() {
  const result = await runMessages({ quick: flags.quick });
  messagesReport.printMessages(result);
  const targets = messagesReport.evaluateTargets(result);
  messagesReport.printTargets(targets);
  const [start, end] = [result.load.start[0] ?? 0, result.load.end[0] ?? 0];
  console.log(
    `Load average (1 min): ${start.toFixed(2)} at start, ${end.toFixed(2)} at end; server from ${result.serverSource}`,
  );
  const file = flags.quick ? 'bench/results/messages-quick.json' : 'bench/results/messages.json';
  writeFileSync(file, `${JSON.stringify({ ...result, targets }, null, 2)}\n`);
  console.log(`Written ${file}`);
}

async function media() {
  try {
    await mediaParts(flags.media.split(','));
  } finally {
    // rtc-node's FFI is per process and cannot be used again once disposed: the forwarding and channel benchmarks
    // share it, so it goes once, after both (a room connect after a dispose never settles, and Node, with nothing
    // else pending, then exits 0 in the middle of the run).
    const { dispose } = await import('@livekit/rtc-node');
    await dispose();
  }
}

/** @param {string[]} parts */
async function mediaParts(parts) {
  if (parts.includes('forwarding')) {
    const result = await runMediaForwarding();
    printMediaForwarding(result);
    writeFileSync('bench/results/media-forwarding.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log('Written bench/results/media-forwarding.json');
  }
  if (parts.includes('channel')) {
    const channel = await runMediaChannel();
    printMediaChannel(channel);
    writeFileSync('bench/results/media-channel.json', `${JSON.stringify(channel, null, 2)}\n`);
    console.log('Written bench/results/media-channel.json');
  }
  if (parts.includes('load')) {
    const result = await runMediaLoad({ quick: flags.quick });
    printMediaLoad(result);
    const file = flags.quick ? 'bench/results/media-load-quick.json' : 'bench/results/media-load.json';
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Written ${file}`);
  }
  if (parts.includes('join')) {
    const result = await runMediaJoin();
    printMediaJoin(result);
    writeFileSync('bench/results/media-join.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log('Written bench/results/media-join.json');
  }
  if (parts.includes('call')) {
    const result = await runMediaCall();
    printMediaCall(result);
    writeFileSync('bench/results/media-call.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log('Written bench/results/media-call.json');
  }
}
