import type { MediaTokenResponse } from '@beseda/protocol/livekit';
import {
  type ActivityNeighbour,
  VOICE_HEARTBEAT_EXPIRY_MS,
  type VoiceChannelUpdateEvent,
  type VoiceFlags,
  type VoiceMember,
} from '@beseda/protocol/voice';
import type { ParticipantClaims, ParticipantLeftReason } from '@beseda/sfu/media-server';
import type { Delivery } from '@beseda/protocol/server-events';
import type { Logger } from 'pino';
import type { MediaRooms } from '../../media/media.js';
import type { RequestAddress } from '../../media/url.js';
import { PeriodicTask } from '../../periodic-task.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { AccountService } from '../accounts/service.js';
import type { ContactService } from '../contacts/service.js';
import type { ChannelService } from '../groups/channel-service.js';
import type { GroupService } from '../groups/service.js';
import { MediaUnavailableError, NotInVoiceChannelError, NotVoiceChannelError } from './errors.js';
import { type ChannelNames, joinEvent, leaveEvent, toVoiceMember, voiceEventDeliveries } from './events.js';
import { NO_FLAGS, sameFlags, type VoiceState, type VoiceStateStore } from './state.js';

/** How often the expiry sweep looks for participants whose heartbeats stopped. */
export const VOICE_SWEEP_INTERVAL_MS = 5_000;
/**
 * A media connection that dropped without a Leave (network blip, a reload): the state stays this long, so the same
 * client rejoining (livekit-client's full reconnect) does not flash a leave and a join to everyone.
 */
export const VOICE_DISCONNECT_GRACE_MS = 10_000;

export interface VoiceServiceDeps {
  store: VoiceStateStore;
  /** Null when this server has no media server: joins and tokens answer 503. */
  media: MediaRooms | null;
  channels: Pick<ChannelService, 'requireMember' | 'names'>;
  groups: Pick<GroupService, 'requireMember' | 'isMember' | 'groupIdsOf'>;
  contacts: Pick<ContactService, 'friendIdsOf'>;
  accounts: Pick<AccountService, 'findUser'>;
  /** Publishes durably (context.ts: the delivery log, in a transaction that writes nothing else). */
  events: { announce(deliveries: readonly Delivery[]): Promise<void> };
  /** Voice joins per user (rate-limit/creation-limits.ts). */
  joins: UserRateLimiter;
  /** One call at a time: joining a voice channel hangs up the user's direct call. */
  directCalls: { endCallsOf(userId: string): Promise<void> };
  logger: Logger;
  /** ms since the epoch; tests move it. */
  now?: () => number;
  disconnectGraceMs?: number;
}

/**
 * Who is in which voice channel of a group (spec §4 "Voice channel activity", §7 "Live calls"). A user is in one
 * channel at most, on all their devices: joining another leaves the first, and the media server is told to drop the
 * old room's connection. A state ends by leave-channel, by heartbeats stopping for VOICE_HEARTBEAT_EXPIRY_MS, or by
 * the media connection ending (hang-up at once, a drop after a grace). Every change is announced as
 * `voice_channel_update` to the group and to the user's friends. See README.md beside this file.
 */
export class VoiceService {
  readonly #deps: VoiceServiceDeps;
  readonly #now: () => number;
  readonly #graceMs: number;
  /** Dropped media connections waiting out their grace, by room and identity. */
  readonly #dropped = new Map<string, NodeJS.Timeout>();
  readonly #pending = new Set<Promise<unknown>>();
  readonly #sweeper: PeriodicTask;

  constructor(deps: VoiceServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#graceMs = deps.disconnectGraceMs ?? VOICE_DISCONNECT_GRACE_MS;
    this.#sweeper = new PeriodicTask({
      done: 'voice participants expired',
      firstAfterMs: VOICE_SWEEP_INTERVAL_MS,
      everyMs: VOICE_SWEEP_INTERVAL_MS,
      run: () => this.sweep(),
      logger: deps.logger,
    });
  }

  start(): void {
    this.#sweeper.start();
  }

  /**
   * Members of the channel's group only (404 otherwise, as for an unknown id); 400 NOT_VOICE_CHANNEL for a text or
   * system channel. Hangs up the user's direct call and leaves any other channel first, then hands out a token for
   * the room named by the channel id.
   */
  async join(userId: string, channelId: string, address: RequestAddress): Promise<MediaTokenResponse> {
    const media = this.#requireMedia();
    const { channel, group } = await this.#deps.channels.requireMember(userId, channelId);
    if (channel.type !== 'RTCP') throw new NotVoiceChannelError();
    await this.#deps.joins.take(userId);
    await this.#deps.directCalls.endCallsOf(userId);
    const now = this.#now();
    const joining = { userId, channelId, groupId: group.id, joinedAt: now, heartbeatAt: now, flags: NO_FLAGS };
    const { current, previous } = await this.#deps.store.join(joining);
    const events: VoiceChannelUpdateEvent[] = [];
    if (previous && previous.channelId !== channelId) {
      events.push(leaveEvent(previous));
      this.#disconnect(previous);
    }
    events.push(joinEvent(current, { channelName: channel.name, groupName: group.name }, 'join'));
    await this.#announce(userId, events);
    return this.#token(media, userId, channelId, address);
  }

  /** Leaves the caller's channel on every device; nothing happens when they are in none. */
  async leave(userId: string): Promise<void> {
    const removed = await this.#deps.store.remove(userId);
    if (!removed) return;
    this.#disconnect(removed);
    await this.#announce(userId, [leaveEvent(removed)]);
  }

  /**
   * Keeps the caller in their channel and takes the flags they send; false when they are in none (expired, left on
   * another device, or no longer a member of the group), which tells the client to hang up.
   */
  async heartbeat(userId: string, flags: Partial<VoiceFlags> = {}): Promise<boolean> {
    const change = await this.#deps.store.heartbeat(userId, this.#now(), flags);
    if (!change) return false;
    const { current, previous } = change;
    if (!(await this.#deps.groups.isMember(userId, current.groupId))) {
      await this.#end(current, { channelId: current.channelId });
      return false;
    }
    if (previous && !sameFlags(previous.flags, current.flags)) {
      const names = await this.#namesOf(current.channelId);
      if (names) await this.#announce(userId, [joinEvent(current, names, 'update')]);
    }
    return true;
  }

  /** A fresh token for the room the caller is in now (a rejoin after a dropped media connection); 404 otherwise. */
  async token(userId: string, roomId: string, address: RequestAddress): Promise<MediaTokenResponse> {
    const media = this.#requireMedia();
    const state = await this.#deps.store.get(userId);
    if (state?.channelId !== roomId) throw new NotInVoiceChannelError();
    if (!(await this.#deps.groups.isMember(userId, state.groupId))) {
      await this.#end(state, { channelId: state.channelId });
      throw new NotInVoiceChannelError();
    }
    return this.#token(media, userId, roomId, address);
  }

  /** Who is in which voice channel of the group, oldest first; 404 unless the caller is a member. */
  async groupMembers(userId: string, groupId: string): Promise<VoiceMember[]> {
    await this.#deps.groups.requireMember(userId, groupId);
    const states = await this.#deps.store.inGroups([groupId]);
    return byJoinTime(states).map(toVoiceMember);
  }

  /** Friends and fellow members of the caller's groups who are in a voice channel now (the caller too, if in one). */
  async neighbours(userId: string): Promise<ActivityNeighbour[]> {
    const [groupIds, friendIds] = await Promise.all([
      this.#deps.groups.groupIdsOf(userId),
      this.#deps.contacts.friendIdsOf(userId),
    ]);
    const [members, friends] = await Promise.all([
      this.#deps.store.inGroups(groupIds),
      this.#deps.store.ofUsers(friendIds),
    ]);
    const states = [...new Map([...members, ...friends].map((state) => [state.userId, state])).values()];
    const names = await this.#deps.channels.names(states.map((state) => state.channelId));
    return byJoinTime(states).flatMap((state) => {
      const channel = names.get(state.channelId);
      if (!channel) return [];
      const { channelId, joinedAt } = toVoiceMember(state);
      return [{ userId: state.userId, voiceChannel: { channelId, joinedAt, ...channel } }];
    });
  }

  /**
   * One round of expiry: everyone whose last heartbeat is older than VOICE_HEARTBEAT_EXPIRY_MS leaves. Removal is
   * conditional on the heartbeat still being old, so a heartbeat racing the sweep (or another process's sweep) wins.
   */
  async sweep(): Promise<number> {
    const staleBefore = this.#now() - VOICE_HEARTBEAT_EXPIRY_MS;
    let removed = 0;
    for (const userId of await this.#deps.store.staleUsers(staleBefore)) {
      const state = await this.#deps.store.remove(userId, { staleBefore });
      if (!state) continue;
      removed += 1;
      this.#disconnect(state);
      await this.#announce(userId, [leaveEvent(state)]);
    }
    return removed;
  }

  /** The embedded SFU's admission check: a valid token still needs its holder to be in that channel. */
  async mayJoin(claims: ParticipantClaims): Promise<boolean> {
    const state = await this.#deps.store.get(claims.identity);
    return state?.channelId === claims.room;
  }

  /** The media server accepted a participant: a drop of the same identity in that room is over. */
  onParticipantJoined(event: { room: string; identity: string }): void {
    const key = droppedKey(event.room, event.identity);
    clearTimeout(this.#dropped.get(key));
    this.#dropped.delete(key);
  }

  /**
   * A participant's media session ended. A hang-up ('client_leave') or our own removal ('removed') leaves at once; a
   * drop ('disconnected') after the grace unless the same identity is back; an eviction by a newer session of the
   * same user ('evicted') and the media server closing ('closed') change nothing: the user is still in the channel,
   * and heartbeats decide. Each removal is conditional on the state still being in that room.
   */
  onParticipantLeft(event: { room: string; identity: string; reason: ParticipantLeftReason }): void {
    const { room, identity, reason } = event;
    if (reason === 'client_leave' || reason === 'removed') {
      this.#track(this.#leaveRoom(identity, room));
    } else if (reason === 'disconnected') {
      const key = droppedKey(room, identity);
      clearTimeout(this.#dropped.get(key));
      const timer = setTimeout(() => {
        this.#dropped.delete(key);
        this.#track(this.#leaveRoom(identity, room));
      }, this.#graceMs);
      this.#dropped.set(key, timer.unref());
    }
  }

  /** Stops the sweep and the grace timers, and waits for removals under way (the database closes next). */
  async close(): Promise<void> {
    await this.#sweeper.stop();
    for (const timer of this.#dropped.values()) clearTimeout(timer);
    this.#dropped.clear();
    await Promise.allSettled([...this.#pending]);
  }

  async #leaveRoom(userId: string, room: string): Promise<void> {
    const removed = await this.#deps.store.remove(userId, { channelId: room });
    if (removed) await this.#announce(userId, [leaveEvent(removed)]);
  }

  /** Ends a state that may no longer be (membership gone): removed, disconnected, announced. */
  async #end(state: VoiceState, condition: { channelId: string }): Promise<void> {
    const removed = await this.#deps.store.remove(state.userId, condition);
    if (!removed) return;
    this.#disconnect(removed);
    await this.#announce(state.userId, [leaveEvent(removed)]);
  }

  /**
   * Drops the user's media connection in the room they no longer are in, in the background: a media server that is
   * slow or down must not hold up the join or leave that caused it (the client hangs up its side as well).
   */
  #disconnect(state: VoiceState): void {
    const media = this.#deps.media;
    if (!media) return;
    this.#track(media.removeParticipant(state.channelId, state.userId));
  }

  #track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) =>
        this.#deps.logger.error({ err: error }, 'voice state change after a media event failed'),
      )
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  /** To the group and to each of the user's friends, in order (a switch: the old channel's leave first). */
  async #announce(userId: string, events: readonly VoiceChannelUpdateEvent[]): Promise<void> {
    const friendIds = await this.#deps.contacts.friendIdsOf(userId);
    await this.#deps.events.announce(events.flatMap((event) => voiceEventDeliveries(event, friendIds)));
  }

  async #namesOf(channelId: string): Promise<ChannelNames | null> {
    const channel = (await this.#deps.channels.names([channelId])).get(channelId);
    return channel ? { channelName: channel.channelName, groupName: channel.groupName } : null;
  }

  async #token(media: MediaRooms, userId: string, room: string, address: RequestAddress): Promise<MediaTokenResponse> {
    const user = await this.#deps.accounts.findUser(userId);
    const token = await media.mintToken({ identity: userId, name: user?.nickname ?? '', room });
    return { token, url: media.urlFor(address) };
  }

  #requireMedia(): MediaRooms {
    if (!this.#deps.media) throw new MediaUnavailableError();
    return this.#deps.media;
  }
}

function byJoinTime(states: readonly VoiceState[]): VoiceState[] {
  return [...states].sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId));
}

function droppedKey(room: string, identity: string): string {
  return `${room}\n${identity}`;
}
