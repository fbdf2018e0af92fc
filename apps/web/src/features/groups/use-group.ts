import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUserStore } from '../auth/user-store';
import { loadWarning } from './group-warning-store';
import { groupQuery, groupStatus, groupVoiceQuery, useGroupEntry, type GroupStatus } from './groups-queries';
import type { GroupEntry } from './groups-state';

export interface GroupView {
  group: GroupEntry | undefined;
  status: GroupStatus;
  isOwner: boolean;
  /** Loads the group again (the error screen's button). */
  retry(): void;
}

/** The group of the route: loaded again (with members, voice status and the warning flag) on every entry. */
export function useGroup(groupId: string): GroupView {
  const meId = useUserStore((state) => state.id);
  const group = useGroupEntry(groupId);
  const load = useQuery({ ...groupQuery(meId, groupId), enabled: groupId !== '', refetchOnMount: 'always' });
  useQuery({ ...groupVoiceQuery(meId, groupId), enabled: groupId !== '', refetchOnMount: 'always' });

  useEffect(() => {
    if (groupId) void loadWarning(groupId);
  }, [groupId]);

  return {
    group,
    status: groupStatus(load),
    isOwner: !!group && group.ownerId === meId,
    retry: () => void load.refetch(),
  };
}
