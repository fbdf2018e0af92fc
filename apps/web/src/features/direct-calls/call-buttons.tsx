import type { Chat } from '@beseda/protocol/chats';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { Tooltip } from '../../ui/tooltip';
import { isCallLive } from '../calls/call-status';
import { useCall } from '../calls/use-call';
import { chatPeer } from '../chats/chat-selectors';
import { directCallStore, useDirectCalls } from './direct-calls';
import styles from './call-buttons.module.css';

/**
 * Spec §2 chat header «call button», as Discord has it: a voice call and a video call (the camera on from the start).
 * Only friends can be called: otherwise both are disabled and say why. In a call with this friend already, they say
 * that instead.
 */
export function CallButtons({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const peer = chatPeer(chat);
  const peerId = peer?.id ?? '';
  const inCallWithPeer = useCall(
    (state) => isCallLive(state.status) && state.target?.kind === 'direct' && state.target.peer.id === peerId,
  );
  const placing = useDirectCalls((state) => state.direct?.direct === 'OUTGOING' && state.direct.status !== 'ACCEPTED');
  if (!peer) return null;
  // A direct chat is writable exactly while the two are friends (protocol `Chat.canWrite`).
  const friends = chat.canWrite;
  const why = !friends ? t('directCall.onlyFriends') : inCallWithPeer ? t('directCall.alreadyInCall') : null;
  const disabled = why !== null || placing;
  const start = (video: boolean) => void directCallStore.getState().placeCall(peer, video);

  const button = (video: boolean) => {
    const label = video ? t('directCall.startVideo') : t('directCall.startVoice');
    return (
      <Tooltip label={why ?? label} side="bottomEnd">
        <button
          type="button"
          className={styles.button}
          aria-label={label}
          disabled={disabled}
          onClick={() => start(video)}
          data-testid={video ? 'chat-call-video' : 'chat-call-voice'}
        >
          <Icon name={video ? 'camera' : 'call'} size={22} />
        </button>
      </Tooltip>
    );
  };

  return (
    <div className={styles.buttons}>
      {button(false)}
      {button(true)}
    </div>
  );
}
