import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { Tooltip } from '../../ui/tooltip';
import { setMuted, useMuted } from './mute-store';
import styles from './notifications.module.css';

/**
 * The header's «Заглушить» / «Включить звук» for one chat (a direct chat, or a channel's chat): a bell, struck
 * through while muted, like the mute of Discord's and Telegram's chat headers. At the header's end; `afterTools`
 * when other tools (the call buttons) already took the free space before it.
 */
export function MuteButton({ muteKey, afterTools = false }: { muteKey: string; afterTools?: boolean }) {
  const { t } = useTranslation();
  const muted = useMuted(muteKey);
  const label = t(muted ? 'notifications.unmute' : 'notifications.mute');
  return (
    <span className={`${styles.muteSlot} ${afterTools ? styles.afterTools : ''}`}>
      <Tooltip label={label} side="bottomEnd">
        <button
          type="button"
          className={`${styles.muteButton} ${muted ? styles.muteButtonOn : ''}`}
          aria-label={label}
          aria-pressed={muted}
          onClick={() => setMuted(muteKey, !muted)}
          data-testid="chat-mute"
          data-muted={muted || undefined}
        >
          <Icon name={muted ? 'bellOff' : 'bell'} size={20} />
        </button>
      </Tooltip>
    </span>
  );
}
