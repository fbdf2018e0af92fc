import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@beseda/protocol/user';
import type { ActivityNeighbour } from '@beseda/protocol/voice';
import { channelPath } from '../../app/routes';
import { queryClient } from '../../lib/query/query-client';
import { useRealtime } from '../../lib/realtime/realtime-context';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useUserStore } from '../auth/user-store';
import { useNow } from '../chats/use-now';
import { groupQuery, groupsQuery } from '../groups/groups-queries';
import { EMPTY_GROUPS_STATE, type GroupsState } from '../groups/groups-state';
import { registerActivityEvents, useActivity } from './activity-queries';
import { inChannelFor } from './activity-state';
import { useContacts } from './contacts-queries';
import styles from './activity-panel.module.css';

type Person = Pick<PublicUser, 'id' | 'name' | 'nickname' | 'avatarUrl'>;

/** Friends are in the contact list; fellow members in the group's member list (loaded when first needed). */
function usePeople(rows: readonly ActivityNeighbour[], groups: GroupsState): Map<string, Person> {
  const me = useUserStore();
  const contacts = useContacts();
  const people = new Map<string, Person>();
  for (const { user } of contacts) people.set(user.id, user);
  for (const row of rows) {
    const member = groups.byId[row.voiceChannel.groupId]?.members?.find((m) => m.id === row.userId);
    if (member && !people.has(row.userId)) people.set(row.userId, member.user);
  }
  people.set(me.id, { id: me.id, name: me.name, nickname: me.nickname, avatarUrl: me.avatarUrl });
  return people;
}

/** Loads, once per visit, the members of our groups where someone in a channel is not known by name yet. */
function useMissingMembers(rows: readonly ActivityNeighbour[], groups: GroupsState, people: Map<string, Person>) {
  const userId = useUserStore((state) => state.id);
  const requested = useRef(new Set<string>());
  const missing = rows
    .filter((row) => !people.has(row.userId) && groups.byId[row.voiceChannel.groupId]?.members === null)
    .map((row) => row.voiceChannel.groupId);
  const key = [...new Set(missing)].sort().join(',');
  useEffect(() => {
    for (const groupId of key === '' ? [] : key.split(',')) {
      if (requested.current.has(groupId)) continue;
      requested.current.add(groupId);
      void queryClient.prefetchQuery(groupQuery(userId, groupId));
    }
  }, [key, userId]);
}

function useInChannelLabel(): (joinedAt: string) => string {
  const { t } = useTranslation();
  const now = useNow();
  return (joinedAt) => {
    const described = inChannelFor(joinedAt, now);
    switch (described.kind) {
      case 'now':
        return t('friends.activityJustJoined');
      case 'minutes':
        return t('friends.activityFor', { duration: t('friends.activityMinutes', { count: described.count }) });
      case 'hours':
        return t('friends.activityFor', {
          duration: t('friends.activityHours', { hours: described.hours, minutes: described.minutes }),
        });
    }
  };
}

interface RowProps {
  row: ActivityNeighbour;
  person: Person | undefined;
  isMe: boolean;
  canJoin: boolean;
  since: string;
}

function ActivityRow({ row, person, isMe, canJoin, since }: RowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { voiceChannel } = row;
  const name = person ? person.name || person.nickname : t('friends.activityUnknownUser');
  return (
    <li className={styles.card} data-testid="activity-entry" data-user-id={row.userId}>
      <div className={styles.who}>
        <Avatar id={row.userId} name={name} url={person?.avatarUrl ?? null} size={40} />
        <div className={styles.whoText}>
          <p className={styles.name}>{name}</p>
          <p className={styles.since}>{since}</p>
        </div>
      </div>
      <div className={styles.where}>
        <Icon name="speaker" size={18} className={styles.whereIcon} />
        <div className={styles.whereText}>
          <p className={styles.channel}>{voiceChannel.channelName}</p>
          <p className={styles.group}>{voiceChannel.groupName}</p>
        </div>
      </div>
      {/* Spec §2: a Join button for others; only in a group we are a member of, where the channel can open. */}
      {!isMe && canJoin ? (
        <Button
          variant="secondary"
          size="sm"
          fullWidth
          aria-label={t('friends.activityJoinLabel', { name, channel: voiceChannel.channelName })}
          onClick={() => void navigate(channelPath(voiceChannel.groupId, voiceChannel.channelId))}
          data-testid="activity-join"
        >
          {t('friends.activityJoin')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Spec §2 side panel «Активность друзей»: friends and fellow members in voice channels, live, with a Join button for
 * everyone but ourselves; «Слишком тихо...» and what the panel is for when nobody is talking.
 */
export function ActivityPanel() {
  const { t } = useTranslation();
  const client = useRealtime();
  const userId = useUserStore((state) => state.id);
  useEffect(() => registerActivityEvents(client, () => useUserStore.getState().id), [client]);
  const rows = useActivity(userId).data ?? [];
  const groups = useQuery(groupsQuery(userId)).data ?? EMPTY_GROUPS_STATE;
  const people = usePeople(rows, groups);
  useMissingMembers(rows, groups, people);
  const since = useInChannelLabel();

  return (
    <aside className={styles.activity} aria-labelledby="friends-activity-title" data-testid="friends-activity">
      <h2 className={styles.title} id="friends-activity-title">
        {t('friends.activityTitle')}
      </h2>
      {rows.length === 0 ? (
        <div className={styles.empty} data-testid="activity-empty">
          <p className={styles.emptyTitle}>{t('friends.activityEmpty')}</p>
          <p className={styles.emptyHint}>{t('friends.activityHint')}</p>
        </div>
      ) : (
        <ul className={styles.list} aria-label={t('friends.activityLabel')}>
          {rows.map((row) => (
            <ActivityRow
              key={row.userId}
              row={row}
              person={people.get(row.userId)}
              isMe={row.userId === userId}
              canJoin={row.voiceChannel.groupId in groups.byId}
              since={since(row.voiceChannel.joinedAt)}
            />
          ))}
        </ul>
      )}
    </aside>
  );
}
