import type { Channel } from '@beseda/protocol/groups';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import type { GroupEntry } from '../groups/groups-state';
import { CallControls } from './call-controls';
import { CALL_GRID_GAP_PX, fitGrid, stageLayout, stageTiles, toggleFocus, type StageTile } from './call-layout';
import type { CallParticipant } from './media-room';
import { ParticipantTile } from './participant-tile';
import { leaveCall, useCall } from './use-call';
import { useElementSize } from './use-element-size';
import styles from './voice-call-view.module.css';

/** The strip under a spotlighted tile: 16:9 tiles this high. */
const STRIP_HEIGHT_PX = 112;

/**
 * The call in a voice channel (spec §9): the participant grid — gap 8 px, 16:9 cells, the spec's column counts —
 * or, with a screen share or a double-clicked tile, that one large and the others in a strip below; the controls
 * under it.
 */
export function VoiceCallView({ group, channel }: { group: GroupEntry; channel: Channel }) {
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

  const renderTile = (tile: StageTile, width: number, height: number) => {
    const participant = byIdentity.get(tile.identity);
    if (!participant) return null;
    return (
      <ParticipantTile
        key={tile.id}
        tile={tile}
        participant={withMemberName(participant, group)}
        avatarUrl={group.members?.find((member) => member.id === tile.identity)?.user.avatarUrl ?? null}
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
        <p>{t('call.connecting')}</p>
      </div>
    );
  } else if (layout.mode === 'grid') {
    const fit = fitGrid(layout.tiles.length, size.width, size.height);
    stage = (
      <div
        className={styles.grid}
        style={{ width: fit.columns * fit.tileWidth + (fit.columns - 1) * CALL_GRID_GAP_PX, gap: CALL_GRID_GAP_PX }}
        data-testid="call-grid"
        data-columns={fit.columns}
      >
        {layout.tiles.map((tile) => renderTile(tile, fit.tileWidth, fit.tileHeight))}
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
    <div className={styles.view} data-testid="voice-call" data-call-status={status} data-channel-id={channel.id}>
      <div ref={stageRef} className={styles.stage} role="region" aria-label={t('call.stage')}>
        {stage}
      </div>
      {status === 'ACTIVE' && participants.length === 1 ? <p className={styles.alone}>{t('call.alone')}</p> : null}
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

/** The group's name for a member wins over the token's (it follows renames live). */
function withMemberName(participant: CallParticipant, group: GroupEntry): CallParticipant {
  const user = group.members?.find((member) => member.id === participant.identity)?.user;
  return user?.name ? { ...participant, name: user.name } : participant;
}
