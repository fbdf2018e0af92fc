import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { ChannelChat } from './channel-chat';
import { ChannelHeader } from './channel-header';
import { defaultChannel } from './groups-state';
import { MemberList } from './member-list';
import { useGroup } from './use-group';
import { VoiceChannelView } from './voice-channel-view';
import styles from './group-page.module.css';

/**
 * `/channels/{groupId}/{channelId}` (spec §2 Channel view) and `/channels/{groupId}`, where the spec lands a user
 * after creating a group or accepting an invite: the URL stays as the spec names it (no redirect), and the page shows
 * the group's first text channel, which the sidebar marks as selected (group-sidebar.tsx).
 */
export function GroupPage() {
  const { t } = useTranslation();
  const { groupId = '', channelId } = useParams();
  const { group, status, retry } = useGroup(groupId);

  if (!group) {
    if (status === 'not_found') {
      return (
        <EmptyState
          icon="hash"
          title={t('group.notFound')}
          hint={t('group.notFoundHint')}
          fill
          testId="group-not-found"
        >
          <Link to={ROUTES.friends}>{t('group.toHome')}</Link>
        </EmptyState>
      );
    }
    if (status === 'error') {
      return (
        <EmptyState icon="hash" title={t('group.loadFailed')} fill testId="group-error">
          <Button onClick={retry}>{t('group.retry')}</Button>
        </EmptyState>
      );
    }
    return (
      <div className={styles.center}>
        <Spinner label={t('group.loading')} />
      </div>
    );
  }

  const channel = channelId
    ? group.channels.find((candidate) => candidate.id === channelId)
    : defaultChannel(group.channels);
  if (!channelId && !channel) return <ChannelHeader groupName={group.name} channel={null} />;
  if (!channel) {
    return (
      <>
        <ChannelHeader groupName={group.name} channel={null} />
        <EmptyState
          icon="hash"
          title={t('group.channelNotFound')}
          hint={t('group.channelNotFoundHint')}
          fill
          testId="channel-not-found"
        />
      </>
    );
  }

  return (
    <>
      <ChannelHeader groupName={group.name} channel={channel} />
      <div className={styles.content} data-testid="channel-view" data-channel-type={channel.type}>
        {channel.type === 'RTCP' ? (
          <VoiceChannelView group={group} channel={channel} />
        ) : (
          <>
            <div className={styles.chat}>
              <ChannelChat key={channel.id} group={group} channel={channel} />
            </div>
            {channel.type === 'TEXT' ? <MemberList group={group} /> : null}
          </>
        )}
      </div>
    </>
  );
}
