import { useTranslation } from 'react-i18next';
import { CALL_HOTKEYS } from './call-hotkeys';
import { MediaIcon, type MediaIconKind } from './media-icon';
import { callStore, useCall } from './use-call';
import styles from './call-controls.module.css';

interface ToggleProps {
  kind: MediaIconKind;
  on: boolean;
  label: string;
  disabled: boolean;
  large: boolean;
  onToggle(): void;
  hotkey?: string;
}

function Toggle({ kind, on, label, disabled, large, onToggle, hotkey }: ToggleProps) {
  const { t } = useTranslation();
  const title = hotkey ? t('call.withHotkey', { action: label, hotkey }) : label;
  return (
    <button
      type="button"
      className={`${styles.toggle} ${large ? styles.large : ''}`}
      aria-label={label}
      aria-pressed={on}
      aria-keyshortcuts={hotkey?.replaceAll('Ctrl', 'Control')}
      title={title}
      disabled={disabled}
      onClick={onToggle}
      data-off={on ? undefined : true}
      data-kind={kind}
      data-testid={`call-toggle-${kind}`}
    >
      <MediaIcon kind={kind} off={!on} size={large ? 24 : 20} />
    </button>
  );
}

/**
 * Mic, camera and screen share toggles (spec §2), with the keyboard shortcuts in their tooltips. `large`: the bar
 * under the grid; otherwise the sidebar's call panel. Mic and camera may be set while connecting; screen share needs
 * the room.
 */
export function CallControls({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  const status = useCall((state) => state.status);
  const micEnabled = useCall((state) => state.micEnabled);
  const cameraEnabled = useCall((state) => state.cameraEnabled);
  const screenShareEnabled = useCall((state) => state.screenShareEnabled);
  const live = status === 'LOADING' || status === 'ACTIVE';
  const { toggleMic, toggleCamera, toggleScreenShare } = callStore.getState();
  return (
    <div className={styles.controls} role="group" aria-label={t('call.panelLabel')}>
      <Toggle
        kind="mic"
        on={micEnabled}
        label={micEnabled ? t('call.micMute') : t('call.micUnmute')}
        hotkey={CALL_HOTKEYS.mic}
        disabled={!live}
        large={large}
        onToggle={() => void toggleMic()}
      />
      <Toggle
        kind="camera"
        on={cameraEnabled}
        label={cameraEnabled ? t('call.cameraOff') : t('call.cameraOn')}
        hotkey={CALL_HOTKEYS.camera}
        disabled={!live}
        large={large}
        onToggle={() => void toggleCamera()}
      />
      <Toggle
        kind="screen"
        on={screenShareEnabled}
        label={screenShareEnabled ? t('call.screenStop') : t('call.screenStart')}
        disabled={status !== 'ACTIVE'}
        large={large}
        onToggle={() => void toggleScreenShare()}
      />
    </div>
  );
}
