import { createMediaServer } from '@beseda/sfu/create-media-server';
import { createLogger } from './logger.js';
import { loadStandaloneMediaConfig } from './media/standalone/media-env.js';
import { createMediaProcess } from './media/standalone/media-process.js';

/**
 * `node dist/media-main.js`: the embedded SFU as a process of its own, for deployments with several app processes.
 * Run one, then start every app server with LIVEKIT_URL=ws(s)://<this host>:<MEDIA_PORT> and the same
 * LIVEKIT_API_KEY / LIVEKIT_API_SECRET: they treat it as a LiveKit server.
 */
function main(): void {
  let config: ReturnType<typeof loadStandaloneMediaConfig>;
  try {
    config = loadStandaloneMediaConfig(process.env);
  } catch (error) {
    process.stderr.write(`Beseda media failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel, undefined, process.stderr.isTTY ? 'pretty' : 'json');
  const running = createMediaProcess({
    credentials: config.credentials,
    media: config.media,
    factory: createMediaServer,
    workers: config.workers,
    logger,
  });
  running.server.listen(config.port, config.host, () => {
    process.stdout.write(`Beseda media is running at ${running.url()}\n`);
  });
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
