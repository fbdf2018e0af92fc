import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import styles from './devices.module.css';

/**
 * The chosen camera, mirrored (as every video app shows the self view). Without a stream: `message` says why (off,
 * no camera, no access), or a spinner shows while it opens.
 */
export function CameraPreview({ stream, message }: { stream: MediaStream | null; message: string | null }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    return () => {
      element.srcObject = null;
    };
  }, [stream]);

  return (
    <div className={styles.preview} aria-label={t('devices.preview')} role="group">
      <video
        ref={video}
        className={styles.video}
        autoPlay
        muted
        playsInline
        hidden={!stream}
        data-testid="camera-preview"
      />
      {stream ? null : (
        <div className={styles.previewEmpty}>
          {message ? (
            <>
              <Icon name="cameraOff" size={32} />
              <span>{message}</span>
            </>
          ) : (
            <Spinner label={t('devices.cameraStarting')} />
          )}
        </div>
      )}
    </div>
  );
}
