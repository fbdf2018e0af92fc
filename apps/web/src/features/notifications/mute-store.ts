import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { getScoped } from '../../lib/local-db/db';
import { chatMuteKey, groupMuteKey, parseScopedKey } from '../../lib/local-db/scoped-key';
import { onScopedSetting, saveScopedSetting } from '../settings/settings-sync';

interface MuteStore {
  /** By scoped key (`chat:<id>:muted`, `group:<id>:muted`): true while muted; absent until read. */
  muted: Readonly<Record<string, boolean>>;
}

/**
 * Discord's «Заглушить» per chat and per group: a scoped synced setting, so the mute follows the user to every
 * device (the server's copy is applied at start-up and live through `settings_update`). Unmuting removes the key.
 */
export const useMuteStore = create<MuteStore>()(() => ({ muted: {} }));

const get = useMuteStore.getState;
const set = useMuteStore.setState;

function isMuteKey(key: string): boolean {
  const parts = parseScopedKey(key);
  return !!parts && parts[2] === 'muted' && (parts[0] === 'chat' || parts[0] === 'group');
}

export function setMuted(key: string, muted: boolean): void {
  set({ muted: { ...get().muted, [key]: muted } });
  saveScopedSetting(key, muted ? true : null);
}

/** Which groups and chats are muted (Discord's «Заглушить»): their plain unread messages stop counting. */
export interface MutedLookup {
  group(groupId: string): boolean;
  chat(chatId: string): boolean;
}

function mutedLookup(muted: MuteStore['muted']): MutedLookup {
  return {
    group: (groupId) => muted[groupMuteKey(groupId)] === true,
    chat: (chatId) => muted[chatMuteKey(chatId)] === true,
  };
}

/** The mute state as the unread counters read it: a new lookup whenever a mute changes. */
export function useMutedLookup(): MutedLookup {
  const muted = useMuteStore((state) => state.muted);
  return useMemo(() => mutedLookup(muted), [muted]);
}

/** Whether a chat (and the group it belongs to, for a channel's chat) is muted, as the notifier asks. */
export function mutedNow(chatId: string, groupId: string | null): { chat: boolean; group: boolean } {
  const muted = mutedLookup(get().muted);
  return { chat: muted.chat(chatId), group: groupId ? muted.group(groupId) : false };
}

/** The local cache's value for a key not heard from the server yet (offline start). */
async function loadMute(key: string): Promise<void> {
  if (key in get().muted) return;
  const value = (await getScoped<boolean | null>(key)) === true;
  if (!(key in get().muted)) set({ muted: { ...get().muted, [key]: value } });
}

/** A key's mute state for rendering; reads the local cache once if the server has not said yet. */
export function useMuted(key: string | null): boolean {
  const muted = useMuteStore((state) => (key ? state.muted[key] === true : false));
  useEffect(() => {
    if (key) void loadMute(key);
  }, [key]);
  return muted;
}

// Muted or unmuted on another device of the user (or read from the server at start-up): applies here at once.
onScopedSetting((key, value) => {
  if (!isMuteKey(key)) return;
  set({ muted: { ...get().muted, [key]: value === true } });
});

export function resetMutes(): void {
  set({ muted: {} });
}
