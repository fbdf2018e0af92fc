import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { CallControls } from './call-controls';
import { CALL_GRID_GAP_PX, fitGrid, stageLayout, stageTiles, toggleFocus, type StageTile } from './call-layout';
import type { CallParticipant } from './media-room';
import { ParticipantTile } from './participant-tile';
import { leaveCall, useCall } from './use-call';
import { useElementSize } from './use-element-size';
import styles from './voice-call-view.module.css';

/** The strip under a spotlighted tile: 16:9 tiles this high. */
const STRIP_HEIGHT_PX = 112;

/** How a participant is shown: the app's name for them wins over the token's (it follows renames live). */
export interface StagePerson {
  name: string | null;
  avatarUrl: string | null;
}

export interface CallStageProps {
  personOf(identity: string): StagePerson;
  /** Shown while nobody is in the room yet (connecting). */
  connectingText: string;
  /** Under the grid while we are alone in the room; null: say nothing. */
  aloneText: string | null;
  /** What stands where the others' tiles would be while we are alone (a direct call's friend, ringing). */
  placeholder?: ReactNode;
  testId: string;
  className?: string;
  data?: Record<`data-${string}`, string>;
}

/**
 * A call's stage (spec §9): the participant grid — gap 8 px, 16:9 cells, the spec's column counts — or, with a screen
 * share or a double-clicked tile, that one large and the others in a strip below; the controls under it. The voice
 * channel's view and a direct call's view in the chat both show it.
 */
export function CallStage({
  personOf,
  connectingText,
  aloneText,
  placeholder,
  testId,
  className,
  data,
}: CallStageProps) {
  const { t } = useTranslation();
  const status = useCall((state) => state.status);
  const participants = useCall((state) => state.participants);
  const speaking = useCall((state) => state.speaking);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(stageRef);

  const byIdentity = new Map(participants.map((participant) => [participant.identity, participant]));
  const layout = stageLayout(stageTiles(participants), focusedId);
  const onToggleFocus = (tileId: string) => setFocusedId((current) => toggleFocus(current, tileId));
  const alone = status === 'ACTIVE' && participants.length === 1;

  const renderTile = (tile: StageTile, width: number, height: number) => {
    const participant = byIdentity.get(tile.identity);
    if (!participant) return null;
    const person = personOf(tile.identity);
    return (
      <ParticipantTile
        key={tile.id}
        tile={tile}
        participant={withName(participant, person.name)}
        avatarUrl={person.avatarUrl}
        speaking={speaking.includes(tile.identity)}
        focused={tile.id === focusedId}
        style={{ width, height }}
        onToggleFocus={onToggleFocus}
      />
    );
  };

  let stage;
  if (participants.length === 0) {
    stage = (
      <div className={styles.connecting}>
        <Spinner size={32} />
        <p>{connectingText}</p>
      </div>
    );
  } else if (layout.mode === 'grid') {
    // A placeholder (the friend we are calling) takes a cell of its own beside our tile.
    const cells = layout.tiles.length + (alone && placeholder ? 1 : 0);
    const fit = fitGrid(cells, size.width, size.height);
    stage = (
      <div
        className={styles.grid}
        style={{ width: fit.columns * fit.tileWidth + (fit.columns - 1) * CALL_GRID_GAP_PX, gap: CALL_GRID_GAP_PX }}
        data-testid="call-grid"
        data-columns={fit.columns}
      >
        {layout.tiles.map((tile) => renderTile(tile, fit.tileWidth, fit.tileHeight))}
        {alone && placeholder ? (
          <div className={styles.placeholder} style={{ width: fit.tileWidth, height: fit.tileHeight }}>
            {placeholder}
          </div>
        ) : null}
      </div>
    );
  } else {
    const large = fitGrid(1, size.width, size.height - STRIP_HEIGHT_PX - CALL_GRID_GAP_PX);
    const stripWidth = Math.round((STRIP_HEIGHT_PX * 16) / 9);
    stage = (
      <div className={styles.spotlight} style={{ gap: CALL_GRID_GAP_PX }} data-testid="call-spotlight">
        {renderTile(layout.large, large.tileWidth, large.tileHeight)}
        <div
          className={styles.strip}
          style={{ gap: CALL_GRID_GAP_PX, height: STRIP_HEIGHT_PX }}
          data-testid="call-strip"
        >
          {layout.strip.map((tile) => renderTile(tile, stripWidth, STRIP_HEIGHT_PX))}
        </div>
      </div>
    );
  }

  return (
    <div className={`${styles.view} ${className ?? ''}`} data-testid={testId} data-call-status={status} {...data}>
      <div ref={stageRef} className={styles.stage} role="region" aria-label={t('call.stage')}>
        {stage}
      </div>
      {alone && aloneText ? <p className={styles.alone}>{aloneText}</p> : null}
      <div className={styles.bar}>
        <CallControls large />
        <button
          type="button"
          className={styles.leave}
          aria-label={t('call.leave')}
          title={t('call.leave')}
          onClick={() => void leaveCall()}
          data-testid="call-view-leave"
        >
          <Icon name="phone" size={24} className={styles.hangup} />
        </button>
      </div>
    </div>
  );
}

function withName(participant: CallParticipant, name: string | null): CallParticipant {
  return name ? { ...participant, name } : participant;
}
