import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useGlobalSettings } from '../settings/global-settings-store';
import { AccessNotice } from './access-notice';
import { CameraPreview } from './camera-preview';
import { DeviceSelect } from './device-select';
import { deviceStore, useDevices, useMediaAccess } from './devices';
import { MediaHint } from './media-hint';
import { MicTester } from './mic-tester';
import { useDeviceStreams } from './use-device-streams';
import styles from './voice-prejoin.module.css';

export interface VoicePrejoinProps {
  channelName: string;
  groupName: string;
  /** Who is in the channel already (the call feature renders them). */
  occupants: ReactNode;
  onConnect(initial: { micEnabled: boolean; cameraEnabled: boolean }): void;
  connecting: boolean;
}

function MediaToggle({ kind, on, onToggle }: { kind: 'mic' | 'camera'; on: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const label =
    kind === 'mic'
      ? t(on ? 'devices.turnMicOff' : 'devices.turnMicOn')
      : t(on ? 'devices.turnCameraOff' : 'devices.turnCameraOn');
  const icon = kind === 'mic' ? (on ? 'mic' : 'micOff') : on ? 'camera' : 'cameraOff';
  return (
    <button
      type="button"
      className={`${styles.toggle} ${on ? '' : styles.toggleOff}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={onToggle}
      data-testid={`prejoin-${kind}`}
    >
      <Icon name={icon} size={22} />
    </button>
  );
}

/**
 * The voice channel before joining (spec §2): the camera preview and the mic tester of the chosen devices, the
 * pickers, mic and camera switches starting from the saved defaults, and «Подключиться», which hands the choice to
 * the call. Opening it asks for the permissions.
 */
export function VoicePrejoin({ channelName, groupName, occupants, onConnect, connecting }: VoicePrejoinProps) {
  const { t } = useTranslation();
  useMediaAccess();
  const [micOn, setMicOn] = useState(() => useGlobalSettings.getState().settings.defaultMicEnabled);
  const [cameraOn, setCameraOn] = useState(() => useGlobalSettings.getState().settings.defaultCameraEnabled);
  const streams = useDeviceStreams({ mic: micOn, camera: cameraOn });
  const ready = useDevices((s) => s.ready);
  const audioInputs = useDevices((s) => s.audioInputs);
  const videoInputs = useDevices((s) => s.videoInputs);
  const selectedMic = useDevices((s) => s.selectedAudioInputId);
  const selectedCamera = useDevices((s) => s.selectedVideoInputId);
  const cameraDenied = useDevices((s) => s.access.camera === 'denied');

  function previewMessage(): string | null {
    if (!cameraOn) return t('devices.cameraOff');
    if (streams.cameraUsable || !ready) return null;
    return cameraDenied ? t('devices.deniedTitle', { context: 'camera' }) : t('devices.noCamera');
  }

  function connect() {
    const store = deviceStore.getState();
    store.setActiveMic(micOn);
    store.setActiveCamera(cameraOn);
    onConnect({ micEnabled: micOn, cameraEnabled: cameraOn });
  }

  return (
    <div className={styles.prejoin} data-testid="voice-prejoin">
      <div className={styles.stage}>
        <div className={styles.previewBox}>
          <CameraPreview stream={cameraOn ? streams.camera : null} message={previewMessage()} />
          <div className={styles.toggles}>
            <MediaToggle kind="mic" on={micOn} onToggle={() => setMicOn(!micOn)} />
            <MediaToggle kind="camera" on={cameraOn} onToggle={() => setCameraOn(!cameraOn)} />
          </div>
        </div>
        {micOn && streams.micUsable ? <MicTester stream={streams.mic} /> : null}
      </div>
      <div className={styles.side}>
        <div className={styles.heading}>
          <span className={styles.channelIcon}>
            <Icon name="speaker" size={22} />
          </span>
          <div className={styles.headingText}>
            <h2 className={styles.title}>{channelName}</h2>
            <p className={styles.subtitle}>{t('devices.prejoinIn', { group: groupName })}</p>
          </div>
        </div>
        <div className={styles.occupants}>{occupants}</div>
        <MediaHint />
        <AccessNotice />
        {streams.micUsable ? (
          <DeviceSelect
            kind="mic"
            options={audioInputs}
            value={selectedMic}
            onChange={(id) => deviceStore.getState().select('audioinput', id)}
            testId="prejoin-mic-select"
          />
        ) : null}
        {streams.cameraUsable ? (
          <DeviceSelect
            kind="camera"
            options={videoInputs}
            value={selectedCamera}
            onChange={(id) => deviceStore.getState().select('videoinput', id)}
            testId="prejoin-camera-select"
          />
        ) : null}
        <Button size="lg" fullWidth loading={connecting} onClick={connect} data-testid="voice-connect">
          {t('devices.connect')}
        </Button>
      </div>
    </div>
  );
}
