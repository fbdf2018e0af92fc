import type { GroupMember, Role } from '@beseda/protocol/groups';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { usePresenceStore } from '../presence/presence-store';
import { useUserStore } from '../auth/user-store';
import { membersByRole, type GroupEntry } from './groups-state';
import styles from './member-list.module.css';

/** Default roles carry a key: their words come from the catalogue; roles made later keep their own name. */
export function useRoleName(): (role: Role) => string {
  const { t } = useTranslation();
  return (role) => {
    if (role.key === 'owner') return t('group.roleOwner');
    if (role.key === 'member') return t('group.roleMember');
    return role.name;
  };
}

function MemberRow({ member, role }: { member: GroupMember; role: Role }) {
  const { t } = useTranslation();
  const roleName = useRoleName()(role);
  const meId = useUserStore((state) => state.id);
  const myAvatarUrl = useUserStore((state) => state.avatarUrl);
  const live = usePresenceStore((state) => state.users[member.id]);
  const stale = usePresenceStore((state) => state.stale);
  // Live presence where we have it; the snapshot otherwise. I am online while I am looking.
  const online = member.id === meId || (!stale && (live ? live.online : member.user.online.status === 'online'));
  return (
    <li className={`${styles.member} ${online ? '' : styles.away}`} data-testid="member-row" data-member-id={member.id}>
      <Avatar
        id={member.id}
        name={member.user.name}
        url={member.id === meId ? myAvatarUrl : member.user.avatarUrl}
        size={32}
        status={online ? 'online' : 'offline'}
        ringColour="var(--bg-sidebar)"
      />
      <span className={styles.name} style={{ color: role.color }}>
        {member.user.name}
      </span>
      <span
        className={styles.badge}
        style={{ borderColor: role.color }}
        data-testid="role-badge"
        title={online ? t('group.online') : t('group.offline')}
      >
        <span className={styles.badgeDot} style={{ background: role.color }} aria-hidden="true" />
        {roleName}
      </span>
    </li>
  );
}

/** Discord's right panel: members grouped by role («ВЛАДЕЛЕЦ — 1»), with the role's colour as a badge. */
export function MemberList({ group }: { group: GroupEntry }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const groups = membersByRole(group.members ?? [], group.roles ?? []);
  return (
    <aside className={styles.panel} aria-label={t('group.membersTitle')} data-testid="member-list">
      {groups.map(({ role, members }) => (
        <section key={role.id} className={styles.section}>
          <h3 className={styles.heading} data-testid="role-heading">
            {t('group.roleHeading', { role: roleName(role), count: members.length })}
          </h3>
          <ul className={styles.list}>
            {members.map((member) => (
              <MemberRow key={member.id} member={member} role={role} />
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
