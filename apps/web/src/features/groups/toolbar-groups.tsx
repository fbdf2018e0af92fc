import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { groupPath } from '../../app/routes';
import { Tooltip } from '../../ui/tooltip';
import { GroupIcon } from './group-icon';
import { groupMuteKey } from '../../lib/local-db/scoped-key';
import { pillText } from '../chats/unread-total';
import { useMuted } from '../notifications/mute-store';
import { useGroupMentions, useGroupUnread } from './channel-unread';
import { useGroupList } from './groups-queries';
import type { GroupEntry } from './groups-state';
import styles from './toolbar-groups.module.css';

function ToolbarGroup({ group, active }: { group: GroupEntry; active: boolean }) {
  const { t } = useTranslation();
  const unread = useGroupUnread(group.channels);
  const mentions = useGroupMentions(group.channels);
  const muted = useMuted(groupMuteKey(group.id));
  // Mentions replace the dot with Discord's red count on the icon; a muted group shows it grey and no dot at all.
  const state = active ? styles.active : unread && !muted && mentions === 0 ? styles.unread : '';
  const label = [
    group.name,
    mentions > 0 ? t('notifications.mentions', { count: mentions }) : unread ? t('group.unread', { count: 1 }) : '',
    muted ? t('notifications.muted') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li className={`${styles.item} ${state}`} data-testid="toolbar-group" data-group-id={group.id}>
      <Tooltip label={group.name} side="right">
        <NavLink
          to={groupPath(group.id)}
          className={styles.link}
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          data-unread={unread || undefined}
          data-muted={muted || undefined}
        >
          <GroupIcon name={group.name} avatarUrl={group.avatarUrl} className={styles.icon} />
        </NavLink>
        {mentions > 0 ? (
          <span
            className={`${styles.mentionPill} ${muted ? styles.mutedPill : ''}`}
            aria-hidden="true"
            data-testid="toolbar-group-mentions"
            data-muted={muted || undefined}
          >
            {pillText(mentions)}
          </span>
        ) : null}
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
