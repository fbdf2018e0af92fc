import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/database.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import { PasswordHasher } from './features/accounts/password.js';
import { AccountService } from './features/accounts/service.js';
import { SessionEvents } from './features/sessions/events.js';
import { SessionService } from './features/sessions/service.js';
import { createLogger } from './logger.js';

/**
 * Everything a request handler may use, built once from config and passed explicitly (no module singletons), so a
 * test can build as many independent servers as it likes. `close()` releases what was opened, in reverse order.
 */
export interface AppContext {
  readonly config: Config;
  readonly logger: Logger;
  readonly db: Database;
  readonly sessionEvents: SessionEvents;
  readonly sessions: SessionService;
  readonly accounts: AccountService;
  close(): Promise<void>;
}

export interface AppContextOptions {
  /** Tests pass their own (e.g. silent) logger. */
  logger?: Logger;
  /** An already opened database (tests open PGlite from a snapshot); the context takes ownership and closes it. */
  database?: DatabaseHandle;
}

export async function createAppContext(config: Config, options: AppContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(config, logger));
  try {
    await database.migrate();
    const passwords = await PasswordHasher.create();
    const sessionEvents = new SessionEvents(logger);
    const sessions = new SessionService(database.db, config, sessionEvents);
    const accounts = new AccountService(database.db, passwords, sessions);
    // Idempotent: a signal handler and a failing start-up may both try to close.
    let closing: Promise<void> | undefined;
    return {
      config,
      logger,
      db: database.db,
      sessionEvents,
      sessions,
      accounts,
      close: () => (closing ??= database.close()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url, logger)
    : openPglite(config.database.dataDir);
}
