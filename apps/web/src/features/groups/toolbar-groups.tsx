import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { groupPath } from '../../app/routes';
import { Tooltip } from '../../ui/tooltip';
import { GroupIcon } from './group-icon';
import { useGroupUnread } from './channel-unread';
import { useGroupList } from './groups-queries';
import type { GroupEntry } from './groups-state';
import styles from './toolbar-groups.module.css';

function ToolbarGroup({ group, active }: { group: GroupEntry; active: boolean }) {
  const { t } = useTranslation();
  const unread = useGroupUnread(group.channels);
  const state = active ? styles.active : unread ? styles.unread : '';
  return (
    <li className={`${styles.item} ${state}`} data-testid="toolbar-group" data-group-id={group.id}>
      <Tooltip label={group.name} side="right">
        <NavLink
          to={groupPath(group.id)}
          className={styles.link}
          aria-label={unread ? `${group.name}, ${t('group.unread', { count: 1 })}` : group.name}
          aria-current={active ? 'page' : undefined}
          data-unread={unread || undefined}
        >
          <GroupIcon name={group.name} avatarUrl={group.avatarUrl} className={styles.icon} />
        </NavLink>
      </Tooltip>
    </li>
  );
}

/** Spec §2 toolbar: the groups I belong to, oldest first; the pill marks the open one, a dot the unread ones. */
export function ToolbarGroups({ label }: { label: string }) {
  const { pathname } = useLocation();
  const { ids, byId } = useGroupList();

  return (
    <ul className={styles.list} aria-label={label} data-testid="toolbar-groups">
      {ids.map((id) => {
        const group = byId[id];
        if (!group) return null;
        const path = groupPath(id);
        const active = pathname === path || pathname.startsWith(`${path}/`);
        return <ToolbarGroup key={id} group={group} active={active} />;
      })}
    </ul>
  );
}
