import {
  type CallHistoryResponse,
  callIdOfRoom,
  type CurrentDirectCallResponse,
  DIRECT_CALL_RECONNECT_GRACE_MS,
  DIRECT_CALL_RING_TIMEOUT_MS,
  type DirectCall,
  directCallRoom,
  type SignalToConnectResponse,
  type StartDirectCallResponse,
} from '@beseda/protocol/direct-calls';
import type { MediaTokenResponse } from '@beseda/protocol/livekit';
import { userChannel } from '@beseda/protocol/realtime';
import type { PublicUser } from '@beseda/protocol/user';
import { VOICE_HEARTBEAT_EXPIRY_MS } from '@beseda/protocol/voice';
import type { ParticipantClaims, ParticipantLeftReason } from '@beseda/sfu/media-server';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { DirectCallRow } from '../../db/schema/direct-calls.js';
import type { Announcements, Announcer } from '../../delivery/announcer.js';
import type { MediaRooms } from '../../media/media.js';
import type { RequestAddress } from '../../media/url.js';
import { PeriodicTask } from '../../periodic-task.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import { NotFriendsError } from '../chats/errors.js';
import type { ChatService } from '../chats/service.js';
import type { ContactService } from '../contacts/service.js';
import type { PresenceReader } from '../presence/presence-reader.js';
import { MediaUnavailableError } from '../voice/errors.js';
import { recordCallEnds } from './call-records.js';
import { type CallViews, loadCallViews } from './call-views.js';
import { CallAcceptedElsewhereError, CallEndedError, CallNotFoundError } from './errors.js';
import {
  acceptCall,
  countUnseenMissed,
  endAbandoned,
  endCall,
  endCallsOf,
  endIfBothAway,
  type Ending,
  endUnanswered,
  findCall,
  findLiveCallOf,
  findPartyCall,
  findRinging,
  findUsers,
  insertCall,
  listHistory,
  listRingingFor,
  lockUserForCalls,
  markMissedSeen,
  type Party,
  setPartyPresence,
} from './repository.js';

/** How often the sweep ends calls that rang out or were abandoned: the 30 s timers are this precise. */
export const DIRECT_CALL_SWEEP_INTERVAL_MS = 2_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface DirectCallServiceDeps {
  db: Database;
  announcer: Announcer;
  /** Null when this server has no media server: starting, accepting and tokens answer 503. */
  media: MediaRooms | null;
  /**
   * Who tells whether a party is in the call's room: the embedded SFU's participant events ('media'), or, with an
   * external LiveKit that reports nothing here, the clients' heartbeats ('heartbeats').
   */
  presenceSource: 'media' | 'heartbeats';
  contacts: Pick<ContactService, 'areFriends'>;
  chats: Pick<ChatService, 'ensureDirectChat'>;
  presence: PresenceReader;
  /** Taking a call takes the user out of their voice channel. */
  voice: { leave(userId: string): Promise<void> };
  /** Call starts per user (rate-limit/creation-limits.ts): each one rings every device of a friend. */
  starts: UserRateLimiter;
  logger: Logger;
  /** ms since the epoch; tests move it. */
  now?: () => number;
  ringTimeoutMs?: number;
  reconnectGraceMs?: number;
}

/**
 * Direct calls between friends (spec §4 "Direct call"; the lifecycle is drawn in `@beseda/protocol/direct-calls` and
 * README.md beside this file). The state is the `direct_calls` row, changed by one conditional UPDATE per step, so
 * every process answers the same and a restart loses nothing; each step's events (to every device of both users)
 * and the chat's call record are written in the same transaction (the delivery log). Timers are a sweep any process
 * may run: the UPDATE's condition makes a second sweep a no-op.
 */
export class DirectCallService {
  readonly #deps: DirectCallServiceDeps;
  readonly #db: Database;
  readonly #now: () => number;
  readonly #ringTimeoutMs: number;
  readonly #reconnectGraceMs: number;
  readonly #pending = new Set<Promise<unknown>>();
  readonly #sweeper: PeriodicTask;

  constructor(deps: DirectCallServiceDeps) {
    this.#deps = deps;
    this.#db = deps.db;
    this.#now = deps.now ?? Date.now;
    this.#ringTimeoutMs = deps.ringTimeoutMs ?? DIRECT_CALL_RING_TIMEOUT_MS;
    this.#reconnectGraceMs = deps.reconnectGraceMs ?? DIRECT_CALL_RECONNECT_GRACE_MS;
    this.#sweeper = new PeriodicTask({
      done: 'direct calls ended by their timers',
      firstAfterMs: DIRECT_CALL_SWEEP_INTERVAL_MS,
      everyMs: DIRECT_CALL_SWEEP_INTERVAL_MS,
      run: () => this.sweep(),
      logger: deps.logger,
    });
  }

  start(): void {
    this.#sweeper.start();
  }

  /**
   * Rings a friend (403 NOT_FRIENDS for anyone else, oneself included) and hands the caller a token for the room,
   * which they join at once. The caller's other live call ends and they leave their voice channel. If the friend is
   * ringing the caller already, that call is accepted instead; if the caller is ringing the friend already, that call
   * is the answer (a second press, another device).
   */
  async startCall(
    userId: string,
    body: { targetUserId: string; video?: boolean | undefined },
    address: RequestAddress,
  ): Promise<StartDirectCallResponse> {
    const media = this.#requireMedia();
    const targetId = body.targetUserId;
    if (targetId === userId || !(await this.#deps.contacts.areFriends(userId, targetId))) throw new NotFriendsError();
    await this.#deps.starts.take(userId);

    const theirs = await findRinging(this.#db, targetId, userId);
    if (theirs) {
      try {
        const accepted = await this.accept(userId, theirs.id, address);
        return { targetUser: accepted.call.user, callId: theirs.id, ...accepted };
      } catch (error) {
        // They hung up meanwhile: ring them instead.
        if (!(error instanceof CallEndedError)) throw error;
      }
    }
    const row = await this.#ringOnce(userId, targetId, body.video ?? false);
    await this.#deps.voice.leave(userId);
    const views = await this.#views(this.#db, [row]);
    const call = views.of(row, userId);
    return { targetUser: call.user, ...(await this.#token(media, row, userId, address)), callId: row.id, call };
  }

  /**
   * The callee accepts on one device: 409 CALL_ACCEPTED_ELSEWHERE when another won, CALL_ENDED when it is over, 404
   * unless they are its callee. Both users hear `direct_call_accepted`; the callee's other live call ends, and they
   * leave their voice channel.
   */
  async accept(userId: string, callId: string, address: RequestAddress): Promise<SignalToConnectResponse> {
    const media = this.#requireMedia();
    const at = new Date(this.#now());
    const { accepted, ended, views } = await this.#deps.announcer.transaction(async (tx, announcements) => {
      const row = await acceptCall(tx, { callId, calleeId: userId, at });
      if (!row) return { accepted: undefined, ended: [], views: undefined };
      // One call per user: whatever else either party is in ends as replaced.
      const others = await endCallsOf(tx, {
        userIds: [row.callerId, row.calleeId],
        exceptId: row.id,
        ending: { status: 'ENDED', reason: 'replaced', at },
      });
      const callViews = await this.#views(tx, [row, ...others]);
      for (const party of [row.callerId, row.calleeId]) {
        announcements.add({
          channel: userChannel(party),
          event: { type: 'direct_call_accepted', payload: { callId: row.id, call: callViews.of(row, party) } },
        });
      }
      await this.#recordEnds(tx, announcements, others, callViews);
      return { accepted: row, ended: others, views: callViews };
    });
    if (!accepted || !views) throw await this.#acceptConflict(userId, callId);
    this.#disconnect(ended);
    await this.#deps.voice.leave(userId);
    return { ...(await this.#token(media, accepted, userId, address)), call: views.of(accepted, userId) };
  }

  /** The callee declines a ringing call (REJECTED); sent by the caller it is a hang-up. Idempotent once it is over. */
  async decline(userId: string, callId: string): Promise<DirectCall> {
    const row = await findPartyCall(this.#db, callId, userId);
    if (!row) throw new CallNotFoundError();
    if (row.callerId === userId) return this.hangUp(userId, callId);
    const at = new Date(this.#now());
    const ended = await this.#endOne(row, ['RINGING'], { status: 'REJECTED', reason: 'declined', at });
    if (ended) return ended;
    // Another step came first: the call as it is now.
    const current = await findPartyCall(this.#db, callId, userId);
    if (!current) throw new CallNotFoundError();
    if (current.status === 'ACCEPTED') throw new CallAcceptedElsewhereError();
    return (await this.#views(this.#db, [current])).of(current, userId);
  }

  /**
   * Either party ends the call as it is now: the caller cancels a ringing call (missed), the callee declines it, and
   * an accepted call ends. When a step of the other party changed it meanwhile (the callee accepted while the caller
   * cancelled), the hang-up applies to what it became. Idempotent once it is over.
   */
  async hangUp(userId: string, callId: string): Promise<DirectCall> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await findPartyCall(this.#db, callId, userId);
      if (!row) throw new CallNotFoundError();
      if (row.status === 'REJECTED' || row.status === 'ENDED')
        return (await this.#views(this.#db, [row])).of(row, userId);
      const at = new Date(this.#now());
      const ending: Ending =
        row.status === 'ACCEPTED'
          ? { status: 'ENDED', reason: 'hung_up', at }
          : row.callerId === userId
            ? { status: 'ENDED', reason: 'cancelled', at }
            : { status: 'REJECTED', reason: 'declined', at };
      const ended = await this.#endOne(row, [row.status], ending, userId);
      if (ended) return ended;
    }
    throw new Error('a call changed state three times during one hang-up');
  }

  /** What a reloaded page restores: the caller's live call with a token to rejoin it, and the calls ringing them. */
  async current(userId: string, address: RequestAddress): Promise<CurrentDirectCallResponse> {
    const [live, ringing] = await Promise.all([findLiveCallOf(this.#db, userId), listRingingFor(this.#db, userId)]);
    const views = await this.#views(this.#db, live ? [live, ...ringing] : ringing);
    const media = this.#deps.media;
    const rejoin = live && media ? await this.#token(media, live, userId, address) : null;
    return {
      call: live ? views.of(live, userId) : null,
      token: rejoin?.token ?? null,
      url: rejoin?.url ?? null,
      incoming: ringing.map((row) => views.of(row, userId)),
    };
  }

  /** Spec `GET /livekit/{id}/other-user`: the other party of a call of the caller's, whatever its status. */
  async otherUser(userId: string, callId: string): Promise<PublicUser> {
    const row = await findPartyCall(this.#db, callId, userId);
    if (!row) throw new CallNotFoundError();
    return (await this.#views(this.#db, [row])).of(row, userId).user;
  }

  async history(userId: string, query: { cursor?: string | undefined; limit: number }): Promise<CallHistoryResponse> {
    const [{ rows, hasMore }, unseenMissed] = await Promise.all([
      listHistory(this.#db, { userId, before: query.cursor, limit: query.limit }),
      countUnseenMissed(this.#db, userId),
    ]);
    const views = await this.#views(this.#db, rows);
    const last = rows.at(-1);
    return {
      calls: rows.map((row) => views.of(row, userId)),
      nextCursor: hasMore && last ? last.id : null,
      unseenMissed,
    };
  }

  /** Marks the caller's missed calls seen; their other tabs clear the badge (`direct_calls_seen`). */
  async markSeen(userId: string): Promise<void> {
    await this.#deps.announcer.transaction(async (tx, announcements) => {
      if ((await markMissedSeen(tx, userId, new Date(this.#now()))) === 0) return;
      announcements.add({
        channel: userChannel(userId),
        event: { type: 'direct_calls_seen', payload: { unseenMissed: 0 } },
      });
    });
  }

  /** A fresh token for the room of a call the user may be in now (get-token with `direct:<callId>`); 404 otherwise. */
  async token(userId: string, callId: string, address: RequestAddress): Promise<MediaTokenResponse> {
    const media = this.#requireMedia();
    const row = UUID.test(callId) ? await findPartyCall(this.#db, callId, userId) : undefined;
    if (!row || !mayEnter(row, userId)) throw new CallNotFoundError();
    return this.#token(media, row, userId, address);
  }

  /**
   * The client's heartbeat during a call: true while the user is in a live call. Without media events (an external
   * LiveKit) it is also the sign of life the sweep goes by.
   */
  async heartbeat(userId: string): Promise<boolean> {
    const row = await findLiveCallOf(this.#db, userId);
    if (!row) return false;
    if (this.#deps.presenceSource === 'heartbeats') {
      const at = new Date(this.#now());
      await setPartyPresence(this.#db, {
        callId: row.id,
        userId,
        party: partyOf(row, userId),
        presence: 'heartbeat',
        at,
      });
    }
    return true;
  }

  /** Ends every call the user is in (joining a voice channel, starting another call): one call at a time. */
  async endCallsOf(userId: string): Promise<void> {
    const at = new Date(this.#now());
    await this.#finish((tx) => endCallsOf(tx, { userIds: [userId], exceptId: null, ending: replacedAt(at) }));
  }

  /**
   * One round of the timers: calls that rang for DIRECT_CALL_RING_TIMEOUT_MS end as missed; accepted calls a party of
   * which stayed out of the room for the reconnect grace (or sent no heartbeat for VOICE_HEARTBEAT_EXPIRY_MS, without
   * media events) end as connection_lost. Any process may run it at any time.
   */
  async sweep(): Promise<number> {
    const now = this.#now();
    const at = new Date(now);
    const unanswered = await this.#finish((tx) =>
      endUnanswered(tx, {
        cutoff: new Date(now - this.#ringTimeoutMs),
        ending: { status: 'ENDED', reason: 'no_answer', at },
      }),
    );
    const graceMs = this.#deps.presenceSource === 'media' ? this.#reconnectGraceMs : VOICE_HEARTBEAT_EXPIRY_MS;
    const abandoned = await this.#finish((tx) =>
      endAbandoned(tx, { cutoff: new Date(now - graceMs), ending: { status: 'ENDED', reason: 'connection_lost', at } }),
    );
    return unanswered.rows.length + abandoned.rows.length;
  }

  /**
   * The embedded SFU's admission check for `direct:` rooms: a valid token still needs its holder to be in the call
   * now (the caller while it rings, both once accepted), so a token outlives nothing.
   */
  async mayJoin(claims: ParticipantClaims): Promise<boolean> {
    const callId = callIdOfRoom(claims.room);
    if (callId === null || !UUID.test(callId)) return false;
    const row = await findCall(this.#db, callId);
    return row !== undefined && mayEnter(row, claims.identity);
  }

  /** A party entered the call's room (first time, or back after a drop): they are present. */
  onParticipantJoined(event: { room: string; identity: string }): void {
    this.#track(this.#presence(event.room, event.identity, 'present'));
  }

  /**
   * A party's media session ended. Leaving in the client ('client_leave') while the own call still rings cancels it;
   * once accepted, the call ends when both have left, and otherwise waits out the reconnect grace like a drop
   * ('disconnected', or the media server closing for a restart). Our own removals and a newer session of the same
   * user ('evicted') change nothing.
   */
  onParticipantLeft(event: { room: string; identity: string; reason: ParticipantLeftReason }): void {
    const { room, identity, reason } = event;
    if (reason === 'removed' || reason === 'evicted') return;
    this.#track(this.#left(room, identity, reason === 'client_leave'));
  }

  /** Stops the sweep and waits for media-event writes under way (the database closes next). */
  async close(): Promise<void> {
    await this.#sweeper.stop();
    await Promise.allSettled([...this.#pending]);
  }

  async #left(room: string, identity: string, hungUp: boolean): Promise<void> {
    const row = await this.#partyRow(room, identity);
    if (!row) return;
    if (hungUp && row.status === 'RINGING' && row.callerId === identity) {
      await this.#endOne(
        row,
        ['RINGING'],
        { status: 'ENDED', reason: 'cancelled', at: new Date(this.#now()) },
        identity,
      );
      return;
    }
    await this.#presence(room, identity, 'away');
    if (hungUp && row.status === 'ACCEPTED') {
      const at = new Date(this.#now());
      await this.#finish(async (tx) => {
        const ended = await endIfBothAway(tx, { callId: row.id, ending: { status: 'ENDED', reason: 'hung_up', at } });
        return ended ? [ended] : [];
      });
    }
  }

  async #presence(room: string, identity: string, presence: 'present' | 'away'): Promise<void> {
    if (this.#deps.presenceSource !== 'media') return;
    const row = await this.#partyRow(room, identity);
    if (!row) return;
    const at = new Date(this.#now());
    await setPartyPresence(this.#db, { callId: row.id, userId: identity, party: partyOf(row, identity), presence, at });
  }

  async #partyRow(room: string, identity: string): Promise<DirectCallRow | undefined> {
    const callId = callIdOfRoom(room);
    if (callId === null || !UUID.test(callId)) return undefined;
    return findPartyCall(this.#db, callId, identity);
  }

  /**
   * The caller's ringing call to the target: the one there is (a second press, another device), else a new one, which
   * ends the caller's other calls and rings every device of the callee, all in one transaction. Starts of one caller
   * take turns (a lock on their user row): two devices or two processes pressing at once ring once.
   */
  async #ringOnce(callerId: string, calleeId: string, video: boolean): Promise<DirectCallRow> {
    const at = new Date(this.#now());
    const { row, ended } = await this.#deps.announcer.transaction(async (tx, announcements) => {
      await lockUserForCalls(tx, callerId);
      const ringing = await findRinging(tx, callerId, calleeId);
      if (ringing) return { row: ringing, ended: [] };
      const others = await endCallsOf(tx, { userIds: [callerId], exceptId: null, ending: replacedAt(at) });
      // The caller is away until the media server sees them in the room (their client joins right after this).
      const inserted = await insertCall(tx, {
        id: uuidv7(),
        callerId,
        calleeId,
        status: 'RINGING',
        video,
        createdAt: at,
        callerAwaySince: at,
      });
      const views = await this.#views(tx, [inserted, ...others]);
      await this.#recordEnds(tx, announcements, others, views);
      const call = views.of(inserted, calleeId);
      announcements.add({
        channel: userChannel(calleeId),
        event: { type: 'direct_call_incoming', payload: { callId: inserted.id, user: call.user, video, call } },
      });
      return { row: inserted, ended: others };
    });
    this.#disconnect(ended);
    return row;
  }

  /** Why an accept matched nothing: not the callee's (404), accepted on another device, or over. */
  async #acceptConflict(userId: string, callId: string): Promise<Error> {
    const row = await findPartyCall(this.#db, callId, userId);
    if (!row || row.calleeId !== userId) return new CallNotFoundError();
    return row.status === 'ACCEPTED' ? new CallAcceptedElsewhereError() : new CallEndedError();
  }

  /** Ends `row` if it is still in `from`; the ended call from `viewerId`'s side, or null when another step won. */
  async #endOne(
    row: DirectCallRow,
    from: readonly ('RINGING' | 'ACCEPTED')[],
    ending: Ending,
    viewerId: string = row.calleeId,
  ): Promise<DirectCall | null> {
    const { rows, views } = await this.#finish(async (tx) => {
      const ended = await endCall(tx, { callId: row.id, from, ending });
      return ended ? [ended] : [];
    });
    const [ended] = rows;
    return ended && views ? views.of(ended, viewerId) : null;
  }

  /**
   * Runs a statement that ends calls, and in its transaction announces each ending to both users and writes the
   * call record into their chat; then drops the parties' media connections.
   */
  async #finish(
    statement: (tx: Database) => Promise<DirectCallRow[]>,
  ): Promise<{ rows: DirectCallRow[]; views: CallViews | null }> {
    const result = await this.#deps.announcer.transaction(async (tx, announcements) => {
      const rows = await statement(tx);
      if (rows.length === 0) return { rows, views: null };
      const views = await this.#views(tx, rows);
      await this.#recordEnds(tx, announcements, rows, views);
      return { rows, views };
    });
    this.#disconnect(result.rows);
    return result;
  }

  /** `direct_call_stop`, the chat's call record and the missed-call notification for each call in `rows` that ended. */
  async #recordEnds(
    tx: Database,
    announcements: Announcements,
    rows: readonly DirectCallRow[],
    views: CallViews,
  ): Promise<void> {
    await recordCallEnds(tx, announcements, { rows, views, now: this.#now() }, this.#deps.chats);
  }

  async #views(db: Database, rows: readonly DirectCallRow[]): Promise<CallViews> {
    return loadCallViews(db, this.#deps.presence, rows, this.#now());
  }

  async #token(
    media: MediaRooms,
    row: DirectCallRow,
    userId: string,
    address: RequestAddress,
  ): Promise<MediaTokenResponse> {
    const users = await findUsers(this.#db, [userId]);
    const token = await media.mintToken({
      identity: userId,
      name: users.get(userId)?.nickname ?? '',
      room: directCallRoom(row.id),
    });
    return { token, url: media.urlFor(address) };
  }

  /**
   * Drops both parties' media connections in the rooms of calls that ended, in the background: a media server that is
   * slow or down must not hold up the request that ended them (the clients hang up their side too).
   */
  #disconnect(rows: readonly DirectCallRow[]): void {
    const media = this.#deps.media;
    if (!media) return;
    for (const row of rows) {
      for (const party of [row.callerId, row.calleeId]) {
        this.#track(media.removeParticipant(directCallRoom(row.id), party));
      }
    }
  }

  #track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) =>
        this.#deps.logger.error({ err: error }, 'direct call change after a media event failed'),
      )
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  #requireMedia(): MediaRooms {
    if (!this.#deps.media) throw new MediaUnavailableError();
    return this.#deps.media;
  }
}

/** Who may be in a call's room now: the caller while it rings, both parties once accepted. */
function mayEnter(row: DirectCallRow, userId: string): boolean {
  if (row.status === 'RINGING') return row.callerId === userId;
  return row.status === 'ACCEPTED' && (row.callerId === userId || row.calleeId === userId);
}

function partyOf(row: DirectCallRow, userId: string): Party {
  return row.callerId === userId ? 'caller' : 'callee';
}

function replacedAt(at: Date): Ending {
  return { status: 'ENDED', reason: 'replaced', at };
}
