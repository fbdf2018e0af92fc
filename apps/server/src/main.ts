import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type AppContext, createAppContext } from './context.js';

interface Running {
  ctx: AppContext;
  app: FastifyInstance;
}

async function start(config: Config): Promise<Running> {
  const ctx = await createAppContext(config);
  try {
    const app = await buildApp(ctx);
    await app.listen({ port: config.port, host: config.host });
    return { ctx, app };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}

/** `node dist/main.js`: one process serving the API and the web app. */
function main(): void {
  const config = loadOrExit();
  const startup = start(config);

  let stopping = false;
  // A signal during start-up waits for it to finish, so the database is never closed halfway through a migration.
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (stopping) return;
    stopping = true;
    const running = await startup.catch(() => null);
    if (!running) return;
    running.ctx.logger.info({ signal }, 'shutting down');
    try {
      await running.app.close();
      await running.ctx.close();
      process.exit(0);
    } catch (error) {
      running.ctx.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));

  startup.then(
    () => {
      if (!stopping) process.stdout.write(`Beseda is running at ${config.publicUrl}\n`);
    },
    (error: unknown) => exitWith(error),
  );
}

/** A bad setting is the user's to fix: print what is wrong, without a stack trace. */
function loadOrExit(): Config {
  try {
    return loadConfig(process.env, process.stderr.isTTY);
  } catch (error) {
    return exitWith(error);
  }
}

function exitWith(error: unknown): never {
  process.stderr.write(`Beseda failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

main();
