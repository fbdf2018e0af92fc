import i18next from 'i18next';
import { dmPath } from '../../app/routes';
import { createLogger } from '../../lib/logger';
import { showToast } from '../toasts/toast-store';
import { openChatWith } from './chats-api';
import { useUserStore } from '../auth/user-store';
import { receiveChat, useChatsStore } from './chats-store';

const log = createLogger('chats');

/** Whether this chat is the one on screen now. */
export function isChatOpen(chatId: string): boolean {
  return useChatsStore.getState().currentChatId === chatId;
}

/**
 * Goes to a chat, unless it is already the one on screen: then spec §5's toast «Вы уже находитесь в этой
 * комнате». Returns whether it navigated. The sidebar and the friends page («Написать») both go through here.
 */
export function goToChat(chatId: string, navigate: (path: string) => void): boolean {
  if (isChatOpen(chatId)) {
    showToast({ type: 'info', title: i18next.t('chat.alreadyHere') });
    return false;
  }
  navigate(dmPath(chatId));
  return true;
}

/**
 * «Написать» for a friend: the direct chat with them (the server creates it on first use), then `goToChat`.
 * A failure shows spec §8's toast «Не получилось начать чат». Resolves whether it navigated.
 */
export async function startChatWith(nickname: string, navigate: (path: string) => void): Promise<boolean> {
  const userId = useUserStore.getState().id;
  try {
    const chat = await openChatWith(nickname);
    receiveChat(userId, chat);
    return goToChat(chat.id, navigate);
  } catch (error) {
    log.warn('Could not start a chat', error);
    showToast({ type: 'error', title: i18next.t('chat.startFailed') });
    return false;
  }
}
