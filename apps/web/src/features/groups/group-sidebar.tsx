import type { Channel, ChannelType } from '@beseda/protocol/groups';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CollapsibleList } from '../../ui/collapsible-list';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { ChannelRow } from './channel-row';
import { GroupMenu } from './group-menu';
import { showGroupModal } from './group-modals';
import { GroupWarning } from './group-warning';
import { channelSections, defaultChannel, type GroupEntry } from './groups-state';
import { useGroup } from './use-group';
import styles from './group-sidebar.module.css';

interface SectionProps {
  group: GroupEntry;
  title: string;
  channels: Channel[];
  selectedId: string;
  /** The type a «+» creates; without it (not the owner) there is no button. */
  addType: ChannelType | null;
  testId: string;
}

function Section({ group, title, channels, selectedId, addType, testId }: SectionProps) {
  const { t } = useTranslation();
  // A native title rather than the Tooltip: the sidebar clips overflow, and a tooltip here would be cut off.
  const action = addType ? (
    <button
      type="button"
      className={styles.add}
      title={t('group.addChannel')}
      aria-label={`${t('group.addChannel')}: ${title}`}
      onClick={() => showGroupModal('newChannel', { groupId: group.id, type: addType })}
      data-testid={`${testId}-add`}
    >
      <Icon name="plus" size={16} />
    </button>
  ) : null;
  return (
    <CollapsibleList
      title={title}
      items={channels}
      itemKey={(channel) => channel.id}
      isSelected={(channel) => channel.id === selectedId}
      renderItem={(channel) => <ChannelRow group={group} channel={channel} selected={channel.id === selectedId} />}
      action={action}
      testId={testId}
    />
  );
}

/** Spec §2 group sidebar: the name with its menu, the warning, and the three channel sections. */
export function GroupSidebar() {
  const { t } = useTranslation();
  const { groupId = '', channelId } = useParams();
  const { group, status, isOwner } = useGroup(groupId);

  if (!group) {
    return (
      <>
        <h2 className={styles.title}>{t('group.sidebarTitle')}</h2>
        <div className={styles.body}>
          {status === 'not_found' || status === 'error' ? (
            <EmptyState
              icon="hash"
              title={status === 'error' ? t('group.loadFailed') : t('group.notFound')}
              compact
              fill
            />
          ) : (
            <div className={styles.center}>
              <Spinner label={t('group.loading')} />
            </div>
          )}
        </div>
      </>
    );
  }

  const sections = channelSections(group.channels);
  const selectedId = channelId ?? defaultChannel(group.channels)?.id ?? '';
  return (
    <>
      <GroupMenu group={group} isOwner={isOwner} />
      {/* Keyed by group: folded sections belong to the group they were folded in. */}
      <nav key={group.id} className={styles.body} aria-label={group.name} data-testid="group-sidebar">
        <GroupWarning groupId={group.id} />
        <Section
          group={group}
          title={t('group.sectionInfo')}
          channels={sections.system}
          selectedId={selectedId}
          addType={null}
          testId="section-info"
        />
        <Section
          group={group}
          title={t('group.sectionText')}
          channels={sections.text}
          selectedId={selectedId}
          addType={isOwner ? 'TEXT' : null}
          testId="section-text"
        />
        <Section
          group={group}
          title={t('group.sectionVoice')}
          channels={sections.voice}
          selectedId={selectedId}
          addType={isOwner ? 'RTCP' : null}
          testId="section-voice"
        />
      </nav>
    </>
  );
}
