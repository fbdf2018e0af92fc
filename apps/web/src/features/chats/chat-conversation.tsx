import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Chat } from '@beseda/protocol/chats';
import { Icon } from '../../ui/icon';
import { closeChat, jumpToMessage, openChat, readOnScreen } from './chats-store';
import { requestedJump } from './jump-state';
import { Composer } from './composer';
import { MessageList } from './message-list';
import styles from './chat-page.module.css';
import composerStyles from './composer.module.css';

/**
 * Spec §2 "on route entry" for any chat on screen (direct, official, a group channel's): load it and its newest
 * page, mark it read, and read again when the tab comes back into view. A navigation that names a message (the
 * inbox's mention) shows that message once the chat is in.
 */
export function useOpenChat(chatId: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const jumpId = requestedJump(location.state);

  useEffect(() => {
    if (!chatId) return;
    void openChat(chatId);
    return () => closeChat(chatId);
  }, [chatId]);

  // After the open above (effects run in order). The request is taken off the history entry, so going back and
  // forward does not jump again; the same mention clicked again is a new navigation and jumps again.
  useEffect(() => {
    if (!chatId || !jumpId) return;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
    void jumpToMessage(chatId, jumpId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per request, not when the URL settles
  }, [chatId, jumpId]);

  useEffect(() => {
    const onVisible = () => readOnScreen(chatId);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [chatId]);
}

export interface ChatConversationProps {
  chat: Chat;
  /** Shown instead of the composer when the chat is read-only for this user. */
  readOnlyText: string;
  /** The top of the history and the composer's placeholder, when the defaults (a person's chat) do not fit. */
  intro?: ReactNode;
  placeholder?: string | undefined;
}

/** The history and the composer (or the read-only note): shared by direct chats and group channels. */
export function ChatConversation({ chat, readOnlyText, intro, placeholder }: ChatConversationProps) {
  return (
    <div className={styles.body} data-testid="chat-view" data-chat-id={chat.id}>
      <MessageList key={chat.id} chat={chat} intro={intro} />
      {chat.canWrite ? (
        <Composer key={chat.id} chat={chat} placeholder={placeholder} />
      ) : (
        <p className={composerStyles.readOnly} data-testid="chat-read-only">
          <Icon name="lock" size={18} />
          {readOnlyText}
        </p>
      )}
    </div>
  );
}
