import type { VoiceFlags } from '@beseda/protocol/voice';
import type { RemoveCondition, VoiceState, VoiceStateChange, VoiceStateStore } from './state.js';

/** One process's voice states: a map, changed synchronously, so every operation is atomic by construction. */
export class MemoryVoiceStateStore implements VoiceStateStore {
  readonly #states = new Map<string, VoiceState>();

  async join(state: VoiceState): Promise<VoiceStateChange> {
    const previous = this.#states.get(state.userId) ?? null;
    const current =
      previous?.channelId === state.channelId
        ? { ...state, joinedAt: previous.joinedAt, flags: previous.flags }
        : { ...state };
    this.#states.set(state.userId, current);
    return { current, previous };
  }

  async get(userId: string): Promise<VoiceState | null> {
    return this.#states.get(userId) ?? null;
  }

  async heartbeat(userId: string, at: number, flags: Partial<VoiceFlags>): Promise<VoiceStateChange | null> {
    const previous = this.#states.get(userId);
    if (!previous) return null;
    const current = { ...previous, heartbeatAt: at, flags: { ...previous.flags, ...flags } };
    this.#states.set(userId, current);
    return { current, previous };
  }

  async remove(userId: string, condition: RemoveCondition = {}): Promise<VoiceState | null> {
    const state = this.#states.get(userId);
    if (!state) return null;
    if (condition.channelId !== undefined && state.channelId !== condition.channelId) return null;
    if (condition.staleBefore !== undefined && state.heartbeatAt >= condition.staleBefore) return null;
    this.#states.delete(userId);
    return state;
  }

  async inGroups(groupIds: readonly string[]): Promise<VoiceState[]> {
    const wanted = new Set(groupIds);
    return [...this.#states.values()].filter((state) => wanted.has(state.groupId));
  }

  async ofUsers(userIds: readonly string[]): Promise<VoiceState[]> {
    return userIds.flatMap((userId) => this.#states.get(userId) ?? []);
  }

  async staleUsers(before: number): Promise<string[]> {
    return [...this.#states.values()].filter((state) => state.heartbeatAt < before).map((state) => state.userId);
  }

  async close(): Promise<void> {
    this.#states.clear();
  }
}
