import { create } from 'zustand';
import { getScoped, setScoped } from '../../lib/local-db/db';
import { groupWarningKey } from '../../lib/local-db/scoped-key';

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
  void setScoped(groupWarningKey(groupId), true);
}

export function resetGroupWarnings(): void {
  set({ dismissed: {} });
}
