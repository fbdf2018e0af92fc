import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import type { StageTile } from './call-layout';
import { MediaIcon } from './media-icon';
import type { CallParticipant, MediaTrackRef } from './media-room';
import { createVideoElements } from './video-elements';
import styles from './voice-call-view.module.css';

const videoElements = createVideoElements(() => {
  const element = document.createElement('video');
  element.className = styles.video ?? '';
  element.autoplay = true;
  element.playsInline = true;
  element.muted = true;
  return element;
});

/**
 * The track's one `<video>` (`video-elements.ts`), put into this tile: a layout switch moves the picture between
 * tiles instead of starting a black element. A layout effect, so the element is in place before the browser paints.
 */
function Video({ track, fit, mirrored }: { track: MediaTrackRef; fit: 'cover' | 'contain'; mirrored: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const holder = ref.current;
    if (!holder) return;
    const element = videoElements.take(track);
    element.style.objectFit = fit;
    element.style.transform = mirrored ? 'scaleX(-1)' : '';
    holder.append(element);
    return () => videoElements.release(track);
  }, [track, fit, mirrored]);
  return <div ref={ref} className={styles.videoHolder} />;
}

export interface ParticipantTileProps {
  tile: StageTile;
  participant: CallParticipant;
  avatarUrl: string | null;
  speaking: boolean;
  focused: boolean;
  style?: CSSProperties;
  onToggleFocus(tileId: string): void;
}

/**
 * A camera (or, camera off, the avatar) or a screen share: the speaking ring, the muted mic, the name. Double-click
 * focuses the tile, and again unfocuses it.
 */
export function ParticipantTile({
  tile,
  participant,
  avatarUrl,
  speaking,
  focused,
  style,
  onToggleFocus,
}: ParticipantTileProps) {
  const { t } = useTranslation();
  const screen = tile.kind === 'screen';
  const track = screen ? participant.screen : participant.camera;
  const name = participant.isLocal ? t('call.you', { name: participant.name }) : participant.name;
  const label = screen ? t('call.screenOf', { name: participant.name }) : name;
  return (
    <div
      className={styles.tile}
      style={style}
      title={t('call.focusHint')}
      onDoubleClick={() => onToggleFocus(tile.id)}
      data-testid="call-tile"
      data-tile-kind={tile.kind}
      data-identity={participant.identity}
      data-speaking={(!screen && speaking) || undefined}
      data-mic-off={(!screen && !participant.micEnabled) || undefined}
      data-video={track ? true : undefined}
      data-focused={focused || undefined}
    >
      {track ? (
        <Video track={track} fit={screen ? 'contain' : 'cover'} mirrored={participant.isLocal && !screen} />
      ) : (
        <div className={styles.avatarStage}>
          <Avatar id={participant.identity} name={participant.name} url={avatarUrl} size={80} />
        </div>
      )}
      <div className={styles.label}>
        {!screen && !participant.micEnabled ? (
          <span className={styles.muted} role="img" aria-label={t('call.micOff')} data-testid="tile-mic-off">
            <MediaIcon kind="mic" off size={16} />
          </span>
        ) : null}
        {screen ? <span className={styles.live}>{t('call.live')}</span> : null}
        <span className={styles.name}>{label}</span>
      </div>
    </div>
  );
}
