import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { startChatWith } from '../chats/open-chat';

/**
 * «Написать»: opens the direct chat with a friend through the chats feature, which owns the spec's toasts
 * («Не получилось начать чат», «Вы уже находитесь в этой комнате») and keeps its chat list current.
 */
export function useStartChat(): (nickname: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (nickname: string) => {
      await startChatWith(nickname, (path) => void navigate(path));
    },
    [navigate],
  );
}
