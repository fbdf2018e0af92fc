import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/database.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import { REALTIME_DISCONNECT } from '@beseda/protocol/realtime';
import { isOutdatedClient } from '@beseda/protocol/version';
import { PasswordHasher, type PasswordHashCost } from './features/accounts/password.js';
import { backfillNicknameSkeletons } from './features/accounts/skeleton-backfill.js';
import { AccountService } from './features/accounts/service.js';
import { ChatService } from './features/chats/service.js';
import { ContactService } from './features/contacts/service.js';
import { DirectCallService } from './features/direct-calls/service.js';
import { DiskStorage } from './features/files/disk-storage.js';
import { FileService } from './features/files/service.js';
import { UploadSweeper } from './features/files/upload-sweeper.js';
import { authorizeGroupChannel } from './features/groups/realtime-access.js';
import { ChannelService } from './features/groups/channel-service.js';
import { GroupService } from './features/groups/service.js';
import { InviteService } from './features/invites/service.js';
import type { GuardedFetchDeps } from './features/link-previews/guarded-fetch.js';
import { offlineConnector, offlineResolver, systemResolver, tlsConnector } from './features/link-previews/network.js';
import { PreviewPruner } from './features/link-previews/preview-pruner.js';
import {
  LINK_PREVIEW_FETCH_LIMIT,
  LINK_PREVIEW_IMAGE_LIMIT,
  LinkPreviewService,
} from './features/link-previews/service.js';
import { MESSAGE_LIMIT_WINDOW_MS, MessageService } from './features/messages/service.js';
import { type ContactAudience, lastSeenWriter, PresenceService } from './features/presence/service.js';
import { SettingsService } from './features/settings/service.js';
import { NotificationService } from './features/notifications/service.js';
import { SessionEvents } from './features/sessions/events.js';
import { SessionService } from './features/sessions/service.js';
import { SessionPruner } from './features/sessions/session-pruner.js';
import { SystemChatService } from './features/system-chat/service.js';
import { deriveTokenKeys } from './features/sessions/tokens.js';
import { MemoryVoiceStateStore } from './features/voice/memory-store.js';
import { RedisVoiceStateStore } from './features/voice/redis-store.js';
import { VoiceService } from './features/voice/service.js';
import { upgradeOriginCheck } from './http/upgrade-origin.js';
import { embeddedMediaServer } from './media/embedded.js';
import { type Media, type MediaParticipantHooks, type MediaServerFactory, openMedia } from './media/media.js';
import { roomHooks } from './media/room-hooks.js';
import { createLogger } from './logger.js';
import { createCreationLimiters } from './rate-limit/creation-limits.js';
import { createLoginThrottle } from './rate-limit/login-throttle.js';
import { createUserRateLimiter, type SharedLimitStore } from './rate-limit/user-rate-limiter.js';
import { Announcer } from './delivery/announcer.js';
import { OutboxRelay, type OutboxRelayOptions } from './delivery/outbox-relay.js';
import type { Broker } from './realtime/broker.js';
import { createMemoryBroker } from './realtime/broker-memory.js';
import { createRedisBroker } from './realtime/broker-redis.js';
import { createGateway, type Gateway, type GatewayOptions } from './realtime/gateway.js';
import type { Publisher } from './realtime/publisher.js';
import { createJwtVerifier, InvalidTokenError } from './realtime/token.js';

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
  /** In-memory, or Redis when REDIS_URL is set (several processes share fan-out, history and presence). */
  readonly broker: Broker;
  /** The realtime gateway; app.ts attaches it to the HTTP server at `/connection/websocket`. */
  readonly gateway: Gateway;
  /** What services publish events through (the gateway, seen as the narrow interface). */
  readonly publisher: Publisher;
  readonly presence: PresenceService;
  readonly contacts: ContactService;
  readonly chats: ChatService;
  readonly messages: MessageService;
  readonly groups: GroupService;
  readonly channels: ChannelService;
  readonly invites: InviteService;
  /** Avatar uploads; the bytes live on the local disk under DATA_DIR/files. */
  readonly files: FileService;
  /** Link previews (`GET /api/utils/og`): fetched through the SSRF guard, cached in the database. */
  readonly linkPreviews: LinkPreviewService;
  /** Deletes cached previews past their TTL (hourly); tests call `prune(now)` themselves. */
  readonly previewPruner: PreviewPruner;
  /** Where rate limits are counted across processes (Redis, when REDIS_URL is set); null: in memory, per process. */
  readonly limitStore: SharedLimitStore | null;
  /** Deletes uploads nobody uses (hourly); tests call `sweep(now)` themselves. */
  readonly uploadSweeper: UploadSweeper;
  /** Publishes what the delivery log holds; tests `drain()` it. */
  readonly outboxRelay: OutboxRelay;
  /** Voice channel state, joins, heartbeats and their events. */
  readonly voice: VoiceService;
  /** Direct calls between friends: their state, timers, events and call records. */
  readonly directCalls: DirectCallService;
  /** Settings that follow the user across devices. */
  readonly settings: SettingsService;
  /** The notifications inbox (list, mark read); producers call `notify` in their own transactions. */
  readonly notifications: NotificationService;
  /** The embedded SFU or an external LiveKit; null when there is neither (the voice endpoints answer 503). */
  readonly media: Media | null;
  /** Closes, in order: the gateway (sockets get 3001), the broker, presence (waits for its writes), the database. */
  close(): Promise<void>;
}

export interface AppContextOptions {
  /** Tests pass their own (e.g. silent) logger. */
  logger?: Logger;
  /** An already opened database (tests open PGlite from a snapshot); the context takes ownership and closes it. */
  database?: DatabaseHandle;
  /** Who hears a user's online status; default: their contacts from the database. */
  contactAudience?: ContactAudience;
  /** Presence throttle window (default 2 s). */
  presenceWindowMs?: number;
  /** Gateway timing overrides (tests shorten pings and close timeouts). */
  gatewayTiming?: GatewayOptions['timing'];
  /** Delivery log relay timings (tests shorten the lease and the poll). */
  outboxRelay?: Partial<OutboxRelayOptions>;
  /**
   * Builds the embedded SFU; default `embeddedMediaServer` (media/embedded.ts). Tests pass a fake of the
   * `MediaServer` interface; null runs without one. Unused when LIVEKIT_URL is set.
   */
  mediaServer?: MediaServerFactory | null;
  /** The voice feature's clock and drop grace (tests move time and shorten the grace). */
  voice?: { now?: () => number; disconnectGraceMs?: number };
  /** The direct calls' clock (tests move it instead of waiting out the 30 s timers). */
  directCalls?: { now?: () => number };
  /**
   * How link previews resolve names and open TLS connections; default: the system resolver and a verifying TLS
   * connection. Tests inject both so that nothing but their local HTTPS server is ever contacted.
   */
  linkPreviewNetwork?: GuardedFetchDeps;
  /** argon2id's cost; default the recommended one. The integration harness lowers it (see password.ts). */
  passwordHashCost?: PasswordHashCost;
}

export async function createAppContext(config: Config, options: AppContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel, undefined, config.logFormat);
  const database = options.database ?? (await openDatabase(config, logger));
  try {
    await database.migrate();
    await backfillNicknameSkeletons(database.db);
    const passwords = await PasswordHasher.create(options.passwordHashCost);
    const sessionEvents = new SessionEvents(logger);
    const sessions = new SessionService({ db: database.db, config, events: sessionEvents });
    const db = database.db;

    const broker = config.redisUrl
      ? createRedisBroker({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger })
      : createMemoryBroker();
    // The ws key, not AUTH_SECRET itself: access cookies cannot be replayed as realtime tokens (tokens.ts).
    const verifyWsJwt = createJwtVerifier(deriveTokenKeys(config.authSecret).ws);
    const gateway = createGateway({
      // Like the access cookie, a ws token only counts while its session row is open (logout, terminate, reuse).
      verifyToken: async (token) => {
        const credentials = await verifyWsJwt(token);
        if (credentials.sessionId === null || !(await sessions.isOpen(credentials.sessionId, credentials.userId))) {
          throw new InvalidTokenError('session has ended');
        }
        return credentials;
      },
      broker,
      logger,
      checkOrigin: upgradeOriginCheck(config.publicUrl, config.trustProxy),
      // `group#<id>`: members only, asked of the database on every subscribe.
      authorizeChannel: authorizeGroupChannel(db),
      // A client built against a protocol this server no longer speaks stops reconnecting and offers a reload.
      checkClientVersion: (version) => (isOutdatedClient(version) ? REALTIME_DISCONNECT.clientOutdated : null),
      timing: options.gatewayTiming,
      // A session revoked in another process: this one must stop answering its requests from memory too.
      onSessionDisconnect: (sessionId, disconnect) => {
        if (disconnect.code === REALTIME_DISCONNECT.sessionEnded.code) sessions.forget(sessionId);
      },
    });
    // A terminated or signed-out session loses its sockets at once, on every process, and must not reconnect.
    sessionEvents.onRevoked(({ sessionId }) => {
      gateway.disconnectSession(sessionId, REALTIME_DISCONNECT.sessionEnded).catch((error: unknown) => {
        logger.error({ err: error, sessionId }, 'realtime disconnect of a revoked session failed');
      });
    });
    // Every feature announces its writes through one announcer: the events are logged in the write's transaction and
    // published after it commits; the relay publishes whatever a failure or a crash left in the log.
    const outboxRelay = new OutboxRelay({
      db,
      publish: (channel, json) => gateway.publishJson(channel, json),
      logger,
      options: options.outboxRelay,
    });
    outboxRelay.start();
    const announcer = new Announcer({ db, relay: outboxRelay, publisher: gateway, logger });
    // The broker answers who is online, on every process.
    const presenceReader = broker;
    const limitStore = config.redisUrl ? openLimitStore(config.redisUrl, config.redisKeyPrefix, logger) : null;
    // Creating invites, groups, channels and friend requests: per-user flood limits, shared like message writes.
    const creations = createCreationLimiters(config.createRateLimitMax, limitStore);
    // Sign-in guesses per account (any number of addresses): a doubling delay, shared like the limits above.
    const loginAttempts = createLoginThrottle(limitStore);
    const systemChat = new SystemChatService({ db, announcer });
    const accounts = new AccountService({
      db,
      announcer,
      passwords,
      sessions,
      loginAttempts,
      hooks: systemChat,
    });
    const contacts = new ContactService({
      db,
      announcer,
      presence: presenceReader,
      accounts,
      requests: creations.contactRequests,
    });
    const settings = new SettingsService({ db, announcer });
    const notifications = new NotificationService({ db, announcer });
    const chats = new ChatService({ db, presence: presenceReader, accounts, contacts, systemChats: systemChat });
    const linkPreviews = new LinkPreviewService({
      db,
      network:
        options.linkPreviewNetwork ??
        (config.linkPreviews
          ? { resolve: systemResolver, connect: tlsConnector }
          : { resolve: offlineResolver, connect: offlineConnector }),
      fetches: createUserRateLimiter(LINK_PREVIEW_FETCH_LIMIT, limitStore),
      imageFetches: createUserRateLimiter(LINK_PREVIEW_IMAGE_LIMIT, limitStore),
      logger,
    });
    const messages = new MessageService({
      db,
      announcer,
      logger,
      chats,
      accounts,
      writes: createUserRateLimiter(
        { name: 'message-writes', max: config.messageRateLimitMax, windowMs: MESSAGE_LIMIT_WINDOW_MS },
        limitStore,
      ),
      linkPreviews,
    });
    const groups = new GroupService({
      db,
      announcer,
      presence: presenceReader,
      accounts,
      chats,
      creations: creations.groups,
    });
    const channels = new ChannelService({ db, announcer, groups, creations: creations.channels });
    const invites = new InviteService({ db, announcer, groups, creations: creations.invites });
    const fileStorage = new DiskStorage(path.join(config.dataDir, 'files'));
    const files = new FileService({
      db,
      storage: fileStorage,
      authSecret: config.authSecret,
      accounts,
      groups,
      logger,
    });
    const presence = new PresenceService({
      source: broker,
      control: gateway,
      publisher: gateway,
      audience: options.contactAudience ?? contacts,
      touchLastSeen: lastSeenWriter(db),
      logger,
      windowMs: options.presenceWindowMs,
    });

    const voiceStore = config.redisUrl
      ? new RedisVoiceStateStore({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, logger })
      : new MemoryVoiceStateStore();
    // The media server reports participants joining and leaving to the voice and direct-call features, which need it
    // to reach rooms: the hooks are called only once all three exist.
    const media = openMedia({
      config,
      logger: logger.child({ component: 'media' }),
      factory: options.mediaServer === undefined ? embeddedMediaServer : options.mediaServer,
      hooks: roomHooks({ voice: lateHooks(() => voice), directCalls: lateHooks(() => directCalls) }),
    });
    const voice: VoiceService = new VoiceService({
      store: voiceStore,
      media,
      channels,
      groups,
      contacts,
      accounts,
      // Voice events go through the delivery log in a transaction that writes nothing else: like every durable event
      // they are published after it, or by the relay when Redis or the publish fails, so no sidebar keeps a ghost.
      events: {
        announce: (deliveries) => announcer.transaction(async (_tx, announcements) => announcements.add(...deliveries)),
      },
      joins: creations.voiceJoins,
      // Declared below: the two features end each other's calls (one call at a time), and are called only once built.
      directCalls: { endCallsOf: (userId) => directCalls.endCallsOf(userId) },
      logger,
      now: options.voice?.now,
      disconnectGraceMs: options.voice?.disconnectGraceMs ?? config.voiceDisconnectGraceMs,
    });
    voice.start();
    const directCalls: DirectCallService = new DirectCallService({
      db,
      announcer,
      media,
      // An external LiveKit tells this server nothing of its rooms: the clients' heartbeats say who is still there.
      presenceSource: media?.kind === 'livekit' ? 'heartbeats' : 'media',
      contacts,
      chats,
      presence: presenceReader,
      voice,
      starts: creations.directCalls,
      logger,
      now: options.directCalls?.now,
    });
    directCalls.start();

    const sessionPruner = new SessionPruner(db, logger);
    sessionPruner.start();
    const uploadSweeper = new UploadSweeper(db, fileStorage, logger);
    uploadSweeper.start();
    const previewPruner = new PreviewPruner(db, logger);
    previewPruner.start();

    async function close(): Promise<void> {
      // Voice first: its last announcements still go through the relay, and the media server's goodbyes change nothing.
      await voice.close();
      await media?.close();
      // Previews still being fetched store themselves (each fetch is bounded by its 5 s timeout) before the relay
      // and the database go.
      await messages.previewsSettled();
      // After the media server: its goodbyes mark the parties of live calls away (they rejoin after a restart), and
      // those writes need the database.
      await directCalls.close();
      await voiceStore.close();
      // Before the gateway: what was published a moment ago is deleted from the log, not published again.
      await outboxRelay.stop();
      await gateway.close();
      await broker.close();
      await presence.close();
      await sessionPruner.stop();
      await uploadSweeper.stop();
      await previewPruner.stop();
      limitStore?.redis.disconnect();
      await database.close();
    }
    // Idempotent: a signal handler and a failing start-up may both try to close.
    let closing: Promise<void> | undefined;
    return {
      config,
      logger,
      db,
      sessionEvents,
      sessions,
      accounts,
      broker,
      gateway,
      publisher: gateway,
      presence,
      contacts,
      chats,
      messages,
      groups,
      channels,
      invites,
      files,
      linkPreviews,
      previewPruner,
      uploadSweeper,
      outboxRelay,
      limitStore,
      voice,
      directCalls,
      settings,
      notifications,
      media,
      close: () => (closing ??= close()),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The Redis connection rate limits count on. It fails fast instead of queueing commands while Redis is away (no
 * offline queue, one retry, a short timeout): a limit that cannot be counted lets the request through at once, and
 * a request never waits on it.
 */
function openLimitStore(url: string, keyPrefix: string, logger: Logger): SharedLimitStore {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 });
  redis.on('error', (error: unknown) => logger.warn({ err: error }, 'rate-limit Redis connection failed'));
  return { redis, keyPrefix, logger };
}

/** Hooks of a feature built after the media server: looked up when the media server first calls them. */
function lateHooks(target: () => MediaParticipantHooks): MediaParticipantHooks {
  return {
    mayJoin: (claims) => target().mayJoin(claims),
    onParticipantJoined: (event) => target().onParticipantJoined(event),
    onParticipantLeft: (event) => target().onParticipantLeft(event),
  };
}

function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url, logger)
    : openPglite(config.database.dataDir);
}
