import type { Channel } from '@beseda/protocol/groups';
import { DrawerToggle } from '../../app/layout/drawer-toggle';
import { chatMuteKey } from '../../lib/local-db/scoped-key';
import { Icon } from '../../ui/icon';
import { MuteButton } from '../notifications/mute-button';
import { channelIcon } from './channel-row';
import styles from './group-page.module.css';

/** Spec §2 header: the group name, the channel type icon and the channel name. */
export function ChannelHeader({ groupName, channel }: { groupName: string; channel: Channel | null }) {
  return (
    <header className={styles.header}>
      <DrawerToggle />
      <span className={styles.groupName}>{groupName}</span>
      {channel ? (
        <>
          <Icon name="chevronRight" size={16} className={styles.crumb} />
          <Icon name={channelIcon(channel)} size={22} className={styles.headerIcon} />
          <h1 className={styles.title} data-testid="page-title">
            {channel.name}
          </h1>
          {channel.chatId ? <MuteButton muteKey={chatMuteKey(channel.chatId)} /> : null}
        </>
      ) : null}
    </header>
  );
}
