import { useEffect } from 'react';
import { useUserStore } from '../auth/user-store';
import { loadGroup, loadVoiceStatus, loadWarning, useGroupsStore, type GroupStatus } from './groups-store';
import type { GroupEntry } from './groups-state';

export interface GroupView {
  group: GroupEntry | undefined;
  status: GroupStatus | undefined;
  isOwner: boolean;
}

/** The group of the route: loaded (with members, voice status and the warning flag) on entry. */
export function useGroup(groupId: string): GroupView {
  const group = useGroupsStore((state) => state.data.byId[groupId]);
  const status = useGroupsStore((state) => state.groupStatus[groupId]);
  const meId = useUserStore((state) => state.id);

  useEffect(() => {
    if (!groupId) return;
    void loadGroup(groupId);
    void loadVoiceStatus(groupId);
    void loadWarning(groupId);
  }, [groupId]);

  return { group, status, isOwner: !!group && group.ownerId === meId };
}
