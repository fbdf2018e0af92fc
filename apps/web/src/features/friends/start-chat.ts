import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import i18next from 'i18next';
import { chatResponseSchema } from '@beseda/protocol/chats';
import { dmPath } from '../../app/routes';
import { apiRequest } from '../../lib/api/client';
import { createLogger } from '../../lib/logger';
import { showToast } from '../toasts/toast-store';

const log = createLogger('friends');

/** `POST /chat/with {nickname}`: the direct chat with a friend (created on first use); resolves its id. */
export async function openChatWith(nickname: string): Promise<string> {
  return (await apiRequest('POST', '/chat/with', { body: { nickname }, schema: chatResponseSchema })).chat.id;
}

/**
 * «Написать»: opens the direct chat with a friend. Spec §8: failure → «Не получилось начать чат»; spec §5: the chat
 * already open → «Вы уже находитесь в этой комнате» instead of navigating to itself.
 */
export function useStartChat(): (nickname: string) => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (nickname: string) => {
      let path: string;
      try {
        path = dmPath(await openChatWith(nickname));
      } catch (error) {
        log.warn('Could not open the chat', error);
        showToast({ type: 'error', title: i18next.t('friends.startChatFailed') });
        return;
      }
      if (path === pathname) showToast({ type: 'info', title: i18next.t('friends.alreadyInRoom') });
      else void navigate(path);
    },
    [navigate, pathname],
  );
}
