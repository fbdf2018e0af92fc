import type { PublicUser } from '@beseda/protocol/user';
import { dmPath } from '../../app/routes';
import { createLogger } from '../../lib/logger';
import { useUserStore } from '../auth/user-store';
import { openChatWith } from '../chats/chats-api';
import { receiveChat } from '../chats/chats-store';
import { isChatOpen } from '../chats/open-chat';

const log = createLogger('direct-calls');

/**
 * An accepted call shows in the chat with the caller (Discord): go there, unless it is on screen already. The chat
 * exists (they are friends); a failure to open it leaves the call running in the panel.
 */
export async function goToDirectChat(user: PublicUser, navigate: (path: string) => void): Promise<void> {
  const me = useUserStore.getState().id;
  try {
    const chat = await openChatWith(user.nickname);
    receiveChat(me, chat);
    if (!isChatOpen(chat.id)) navigate(dmPath(chat.id));
  } catch (error) {
    log.warn('Could not open the chat of the call', error);
  }
}
