import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelPath, ROUTES } from '../../app/routes';
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

/** `/channels/{groupId}` (→ its first text channel) and `/channels/{groupId}/{channelId}` (spec §2 Channel view). */
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

  if (!channelId) {
    const first = defaultChannel(group.channels);
    return first ? (
      <Navigate to={channelPath(group.id, first.id)} replace />
    ) : (
      <ChannelHeader groupName={group.name} channel={null} />
    );
  }

  const channel = group.channels.find((candidate) => candidate.id === channelId);
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
