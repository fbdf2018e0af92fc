import type { Chat } from '@beseda/protocol/chats';
import { useTranslation } from 'react-i18next';
import { DrawerToggle } from '../../app/layout/drawer-toggle';
import { chatMuteKey } from '../../lib/local-db/scoped-key';
import { CallButtons } from '../direct-calls/call-buttons';
import { MuteButton } from '../notifications/mute-button';
import { usePresenceStore } from '../presence/presence-store';
import { ChatAvatar, useChatTitle } from './chat-display';
import { isPeerOnline } from './chat-selectors';
import { OfficialTag } from './official-tag';
import { useTypingText } from './use-typing-text';
import styles from './chat-header.module.css';

/** Spec §2 chat header: the chat's name, presence, «… печатает…» while someone types, and the call buttons. */
export function ChatHeader({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const title = useChatTitle()(chat);
  const online = usePresenceStore((state) => isPeerOnline(chat, state.users, state.stale));
  const stale = usePresenceStore((state) => state.stale);
  const typingText = useTypingText(chat.id);

  return (
    <header className={styles.header}>
      <DrawerToggle />
      <ChatAvatar chat={chat} size={24} ringColour="var(--bg-content)" />
      <h1 className={styles.title} data-testid="page-title">
        {title}
      </h1>
      {chat.official ? <OfficialTag /> : null}
      <span className={styles.divider} aria-hidden="true" />
      <p className={styles.status} aria-live="polite" data-testid="chat-status">
        {typingText ? (
          <span className={styles.typing} data-testid="chat-typing">
            <span className={styles.dots} aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {typingText}
          </span>
        ) : chat.official ? (
          t('chat.officialHint')
        ) : stale && chat.kind === 'direct' ? (
          t('user.statusUnknown')
        ) : online ? (
          t('user.online')
        ) : (
          t('user.offline')
        )}
      </p>
      {chat.kind === 'direct' ? <CallButtons chat={chat} /> : null}
      {chat.kind === 'direct' ? <MuteButton muteKey={chatMuteKey(chat.id)} afterTools /> : null}
    </header>
  );
}
