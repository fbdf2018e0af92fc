import { create } from 'zustand';
import { getScoped } from '../../lib/local-db/db';
import { groupWarningKey, parseScopedKey } from '../../lib/local-db/scoped-key';
import { onScopedSetting, saveScopedSetting } from '../settings/settings-sync';

interface GroupWarningStore {
  /** Per group: the respectful-behaviour warning was dismissed (undefined until the local setting is read). */
  dismissed: Readonly<Record<string, boolean>>;
}

export const useGroupWarningStore = create<GroupWarningStore>()(() => ({ dismissed: {} }));

const get = useGroupWarningStore.getState;
const set = useGroupWarningStore.setState;

export async function loadWarning(groupId: string): Promise<void> {
  if (groupId in get().dismissed) return;
  const dismissed = (await getScoped<boolean>(groupWarningKey(groupId))) === true;
  set({ dismissed: { ...get().dismissed, [groupId]: dismissed } });
}

export function dismissWarning(groupId: string): void {
  set({ dismissed: { ...get().dismissed, [groupId]: true } });
  saveScopedSetting(groupWarningKey(groupId), true);
}

// Dismissed on another device of the user (or read from the server at start-up): applies here at once.
onScopedSetting((key, value) => {
  const parts = parseScopedKey(key);
  if (!parts || key !== groupWarningKey(parts[1])) return;
  set({ dismissed: { ...get().dismissed, [parts[1]]: value === true } });
});

export function resetGroupWarnings(): void {
  set({ dismissed: {} });
}
