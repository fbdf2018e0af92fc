// A server process for the fault suite: what `node apps/server/dist/main.js` runs, from source, plus the gateway's
// ping timing from FAULTS_PING_INTERVAL_MS / FAULTS_PONG_TIMEOUT_MS (the server reads no such setting from the
// environment yet), so a paused client is dropped within seconds instead of 35 s.
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import type { GatewayTiming } from '../../src/realtime/options.js';

function timingFromEnv(env: NodeJS.ProcessEnv): Partial<GatewayTiming> {
  const ping = Number(env.FAULTS_PING_INTERVAL_MS);
  const pong = Number(env.FAULTS_PONG_TIMEOUT_MS);
  if (!(ping > 0 && pong > 0)) return {};
  return { pingIntervalMs: ping, pongTimeoutMs: pong, tickMs: Math.min(250, ping) };
}

const config = loadConfig(process.env);
const ctx = await createAppContext(config, { gatewayTiming: timingFromEnv(process.env) });
const app = await buildApp(ctx);
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`listening at ${config.publicUrl}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await ctx.close();
    process.exit(0);
  })();
});
