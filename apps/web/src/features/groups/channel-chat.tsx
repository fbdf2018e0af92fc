import { useMemo } from 'react';
import type { Channel } from '@beseda/protocol/groups';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { ChatConversation, useOpenChat } from '../chats/chat-conversation';
import { useChatDirectory } from '../chats/chats-queries';
import { openChat, useChatsStore } from '../chats/chats-store';
import { useTypingText } from '../chats/use-typing-text';
import { channelIcon } from './channel-row';
import type { GroupEntry } from './groups-state';
import styles from './group-page.module.css';

/** Discord's line under the composer: who is typing in the channel. */
function ChannelTyping({ chatId }: { chatId: string }) {
  const text = useTypingText(chatId);
  return (
    <p className={styles.typing} aria-live="polite">
      {text ? <span data-testid="chat-typing">{text}</span> : null}
    </p>
  );
}

/** A text or system channel: the chats feature's view of the channel's chat. */
export function ChannelChat({ group, channel }: { group: GroupEntry; channel: Channel }) {
  const { t } = useTranslation();
  const chatId = channel.chatId ?? '';
  const stored = useChatDirectory((directory) => directory.chats[chatId]);
  const status = useChatsStore((state) => state.chatStatus[chatId]);
  const loaded = useChatsStore((state) => !!state.messages[chatId]);
  useOpenChat(chatId);

  // Channel chats list no users of their own (the readers are the group's members): lend them the members, so
  // authors have names and avatars and @mentions offer the people of the group.
  const chat = useMemo(
    () => (stored ? { ...stored, chatUsers: (group.members ?? []).map((member) => member.user) } : undefined),
    [stored, group.members],
  );

  if (status === 'not_found') {
    return <EmptyState icon="hash" title={t('group.channelNotFound')} hint={t('group.channelNotFoundHint')} fill />;
  }
  if (!chat || !loaded) {
    return status === 'error' ? (
      <EmptyState icon="chat" title={t('chat.loadFailed')} hint={t('chat.loadFailedHint')} fill>
        <Button onClick={() => void openChat(chatId)}>{t('chat.retry')}</Button>
      </EmptyState>
    ) : (
      <div className={styles.center}>
        <Spinner label={t('chat.loading')} />
      </div>
    );
  }
  const intro = (
    <>
      <span className={styles.introIcon}>
        <Icon name={channelIcon(channel)} size={40} />
      </span>
      <h2 className={styles.introTitle}>
        {channel.type === 'SYSTEM'
          ? t('group.welcomeStart', { name: group.name })
          : t('group.channelStart', { name: channel.name })}
      </h2>
      <p className={styles.introText}>{t('group.channelStartHint', { name: channel.name })}</p>
    </>
  );
  return (
    <>
      <ChatConversation
        chat={chat}
        readOnlyText={t('group.systemReadOnly')}
        intro={intro}
        placeholder={t('group.composerPlaceholder', { name: channel.name })}
      />
      <ChannelTyping chatId={chat.id} />
    </>
  );
}
