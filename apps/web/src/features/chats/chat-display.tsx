import type { Chat, SystemMessage } from '@beseda/protocol/chats';
import { useTranslation } from 'react-i18next';
import { deviceLabel } from '../../lib/i18n/device-label';
import { Avatar } from '../../ui/avatar';
import { Logo } from '../../ui/logo';
import { useUserStore } from '../auth/user-store';
import { summariseCallRecord } from '../call-history/call-summary';
import { callSummaryText } from '../call-history/call-text';
import { usePresenceStore } from '../presence/presence-store';
import { isPeerOnline } from './chat-selectors';
import { formatDateTime } from './message-text';

/** The name a chat is shown under: the official chat by the catalogue's «Беседа», others by the peer's name. */
export function useChatTitle(): (chat: Chat) => string {
  const { t } = useTranslation();
  return (chat) => (chat.official ? t('chat.officialName') : chat.name);
}

/** System messages are data; their words come from the catalogue (`full` for the chat, short for previews). */
export function useSystemText(): (system: SystemMessage, full?: boolean) => string {
  const { t } = useTranslation();
  const meId = useUserStore((state) => state.id);
  return (system, full = true) => {
    switch (system.key) {
      case 'welcome':
        return t('chat.welcome');
      case 'new_sign_in':
        return full
          ? t('chat.newSignIn', { device: deviceLabel(system.device, t), ip: system.ip, at: formatDateTime(system.at) })
          : t('chat.newSignInPreview', { device: deviceLabel(system.device, t) });
      case 'group_created':
        return t('group.groupCreated');
      case 'member_joined':
        return t('group.memberJoined', { name: system.name });
      case 'call':
        // Worded from the reader's side: the caller reads «Исходящий звонок», the callee «Входящий звонок».
        return callSummaryText(summariseCallRecord(system, meId), t);
      default:
        // A notice kind this client does not know yet (a newer server): say that there is one.
        return t('chat.systemNotice');
    }
  };
}

export interface ChatAvatarProps {
  chat: Chat;
  size?: number;
  /** The background the presence ring blends with. */
  ringColour?: string;
}

/** The official chat wears the Beseda mark; a direct chat, the peer's avatar with a presence dot. */
export function ChatAvatar({ chat, size = 32, ringColour }: ChatAvatarProps) {
  const online = usePresenceStore((state) => isPeerOnline(chat, state.users, state.stale));
  // During an outage neither dot can be vouched for: none is shown, as on the friends page.
  const stale = usePresenceStore((state) => state.stale);
  const title = useChatTitle()(chat);
  if (chat.official) return <Logo size={size} />;
  return (
    <Avatar
      id={chat.targetUserId ?? chat.id}
      name={title}
      url={chat.avatarUrl}
      size={size}
      status={stale ? undefined : online ? 'online' : 'offline'}
      {...(ringColour ? { ringColour } : {})}
    />
  );
}
