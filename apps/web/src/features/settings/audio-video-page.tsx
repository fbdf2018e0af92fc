import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import page from '../../ui/page.module.css';
import { Spinner } from '../../ui/spinner';
import { SwitchRow } from '../../ui/switch';
import { AccessNotice } from '../devices/access-notice';
import { CameraPreview } from '../devices/camera-preview';
import { DeviceSelect } from '../devices/device-select';
import { deviceStore, useDevices, useMediaAccess } from '../devices/devices';
import { MediaHint } from '../devices/media-hint';
import { MicTester } from '../devices/mic-tester';
import { NotificationSettings } from '../notifications/notification-settings';
import { useDeviceStreams } from '../devices/use-device-streams';
import { useGlobalSettings } from './global-settings-store';
import styles from './audio-video-page.module.css';
import settingsPage from './settings-page.module.css';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function VoiceSection({ mic }: { mic: MediaStream | null }) {
  const { t } = useTranslation();
  const store = deviceStore.getState();
  const audioInputs = useDevices((s) => s.audioInputs);
  const audioOutputs = useDevices((s) => s.audioOutputs);
  const selectedMic = useDevices((s) => s.selectedAudioInputId);
  const selectedOutput = useDevices((s) => s.selectedAudioOutputId);
  const sinkSupported = useDevices((s) => s.audioSinkSupported);
  const micAccess = useDevices((s) => s.access.mic);
  const ready = useDevices((s) => s.ready);
  const defaultMic = useGlobalSettings((s) => s.settings.defaultMicEnabled);
  const updateSetting = useGlobalSettings((s) => s.update);
  const micUsable = micAccess === 'granted' && audioInputs.length > 0;
  // A denial is explained above the sections; a missing microphone is said here, once the lists are known.
  const micMissing = ready && !micUsable && micAccess !== 'denied';
  const outputPicker = sinkSupported && audioOutputs.length > 0;
  return (
    <Section title={t('settings.voiceSection')} testId="settings-voice">
      {micUsable || micMissing || outputPicker ? (
        <div className={styles.pickers}>
          {micUsable ? (
            <DeviceSelect
              kind="mic"
              options={audioInputs}
              value={selectedMic}
              onChange={(id) => store.select('audioinput', id)}
              testId="mic-select"
            />
          ) : micMissing ? (
            <p className={styles.missing}>{t('devices.noMic')}</p>
          ) : null}
          {outputPicker ? (
            <DeviceSelect
              kind="output"
              options={audioOutputs}
              value={selectedOutput}
              onChange={(id) => store.select('audiooutput', id)}
              testId="output-select"
            />
          ) : null}
        </div>
      ) : null}
      {/* Spec §2: the tester only with the permission and a device. */}
      {micUsable ? (
        <div className={styles.block}>
          <h3 className={styles.blockTitle}>{t('devices.micTest')}</h3>
          <MicTester stream={mic} />
        </div>
      ) : null}
      <SwitchRow
        label={t('settings.defaultMic')}
        hint={t('settings.defaultMicHint')}
        checked={defaultMic}
        onChange={(on) => updateSetting('defaultMicEnabled', on)}
        testId="default-mic"
      />
    </Section>
  );
}

function ProcessingSection() {
  const { t } = useTranslation();
  const store = deviceStore.getState();
  const noiseSuppression = useDevices((s) => s.noiseSuppression);
  const echoCancellation = useDevices((s) => s.echoCancellation);
  const autoGainControl = useDevices((s) => s.autoGainControl);
  return (
    <Section title={t('settings.processingSection')} testId="settings-processing">
      <div className={styles.switches}>
        <SwitchRow
          label={t('settings.noiseSuppression')}
          hint={t('settings.noiseSuppressionHint')}
          checked={noiseSuppression}
          onChange={(on) => store.setProcessing('noiseSuppression', on)}
          testId="noise-suppression"
        />
        <SwitchRow
          label={t('settings.echoCancellation')}
          hint={t('settings.echoCancellationHint')}
          checked={echoCancellation}
          onChange={(on) => store.setProcessing('echoCancellation', on)}
          testId="echo-cancellation"
        />
        <SwitchRow
          label={t('settings.autoGainControl')}
          hint={t('settings.autoGainControlHint')}
          checked={autoGainControl}
          onChange={(on) => store.setProcessing('autoGainControl', on)}
          testId="auto-gain-control"
        />
      </div>
    </Section>
  );
}

function VideoSection({ camera }: { camera: MediaStream | null }) {
  const { t } = useTranslation();
  const videoInputs = useDevices((s) => s.videoInputs);
  const selectedCamera = useDevices((s) => s.selectedVideoInputId);
  const cameraAccess = useDevices((s) => s.access.camera);
  const ready = useDevices((s) => s.ready);
  const defaultCamera = useGlobalSettings((s) => s.settings.defaultCameraEnabled);
  const updateSetting = useGlobalSettings((s) => s.update);
  const cameraUsable = cameraAccess === 'granted' && videoInputs.length > 0;
  const message = cameraMessage();

  function cameraMessage(): string | null {
    if (cameraUsable || !ready) return null;
    return cameraAccess === 'denied' ? t('devices.deniedTitle', { context: 'camera' }) : t('devices.noCamera');
  }
  return (
    <Section title={t('settings.videoSection')} testId="settings-video">
      <div className={styles.video}>
        <CameraPreview stream={camera} message={message} />
        {cameraUsable ? (
          <DeviceSelect
            kind="camera"
            options={videoInputs}
            value={selectedCamera}
            onChange={(id) => deviceStore.getState().select('videoinput', id)}
            testId="camera-select"
          />
        ) : null}
      </div>
      <SwitchRow
        label={t('settings.defaultCamera')}
        hint={t('settings.defaultCameraHint')}
        checked={defaultCamera}
        onChange={(on) => updateSetting('defaultCameraEnabled', on)}
        testId="default-camera"
      />
    </Section>
  );
}

/**
 * /settings/audio-video (spec §2): microphone and output pickers with the tester, the default on/off switches, the
 * camera picker with its preview and the three audio processing switches, all saved in the global settings. Opening
 * the page is what asks for the permissions (never the first load).
 */
export function AudioVideoPage() {
  const { t } = useTranslation();
  useMediaAccess();
  const ready = useDevices((s) => s.ready);
  const streams = useDeviceStreams({ mic: true, camera: true });
  return (
    <>
      <PageHeader icon="mic" title={t('settings.audioVideo')} />
      <div className={page.body}>
        <div className={settingsPage.scroll} data-testid="audio-video-settings">
          <div className={`${settingsPage.column} ${styles.sections}`}>
            <MediaHint />
            <AccessNotice />
            {ready ? null : (
              <p className={styles.asking} role="status">
                <Spinner size={18} />
                {t('devices.asking')}
              </p>
            )}
            <VoiceSection mic={streams.mic} />
            <ProcessingSection />
            <VideoSection camera={streams.camera} />
            <NotificationSettings sectionClassName={styles.section} titleClassName={styles.sectionTitle} />
          </div>
        </div>
      </div>
    </>
  );
}
