import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@beseda/protocol/chats';
import type { PublicUser } from '@beseda/protocol/user';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useDragResize } from '../../ui/use-drag-resize';
import { useUserStore } from '../auth/user-store';
import { peerAbsent } from '../calls/call-panel-text';
import { CallStage, type StagePerson } from '../calls/call-stage';
import { isCallLive } from '../calls/call-status';
import { useCall } from '../calls/use-call';
import { CALL_DEFAULT_HEIGHT, CALL_HEIGHT_STEP, clampCallHeight } from './call-height';
import { directCallStore, useDirectCalls } from './direct-calls';
import styles from './direct-call-view.module.css';

/** The height the user dragged the stage to, kept while the page lives (every chat's call opens at it). */
let chosenHeight = CALL_DEFAULT_HEIGHT;

/**
 * A direct chat's call, above the messages as in Discord: the call with this friend when this tab is in it, or a bar
 * offering to move it here when another device of ours is.
 */
export function DirectCallArea({ chat }: { chat: Chat }) {
  const peerId = chat.targetUserId ?? '';
  const peer = useCall((state) =>
    isCallLive(state.status) && state.target?.kind === 'direct' && state.target.peer.id === peerId
      ? state.target.peer
      : null,
  );
  const elsewhere = useDirectCalls((state) => (state.elsewhere?.user.id === peerId ? state.elsewhere : null));
  if (peer) return <DirectCallStage peer={peer} />;
  if (elsewhere) return <ElsewhereBar name={elsewhere.user.name || elsewhere.user.nickname} />;
  return null;
}

function ElsewhereBar({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.elsewhere} data-testid="direct-call-elsewhere">
      <Icon name="call" size={20} />
      <span className={styles.elsewhereText}>{t('directCall.elsewhere', { name })}</span>
      <Button size="sm" variant="secondary" onClick={() => void directCallStore.getState().joinHere()}>
        {t('directCall.joinHere')}
      </Button>
    </div>
  );
}

function DirectCallStage({ peer }: { peer: PublicUser }) {
  const { t } = useTranslation();
  const me = useUserStore();
  const ringing = useDirectCalls(
    (state) =>
      state.direct?.user.id === peer.id && state.direct.direct === 'OUTGOING' && state.direct.status === 'RINGING',
  );
  const absent = useCall((state) => peerAbsent(state.target, state.participants));
  const frameRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(chosenHeight);
  const peerName = peer.name || peer.nickname;

  const available = () => frameRef.current?.parentElement?.clientHeight ?? window.innerHeight;
  const resizeTo = (next: number) => {
    const clamped = clampCallHeight(next, available());
    chosenHeight = clamped;
    setHeight(clamped);
  };

  const personOf = (identity: string): StagePerson => {
    if (identity === peer.id) return { name: peerName, avatarUrl: peer.avatarUrl };
    if (identity === me.id) return { name: me.name || me.nickname, avatarUrl: me.avatarUrl };
    return { name: null, avatarUrl: null };
  };

  const dragHandlers = useDragResize({ axis: 'y', size: height, resizeTo });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = { ArrowUp: -CALL_HEIGHT_STEP, ArrowDown: CALL_HEIGHT_STEP };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    resizeTo(height + step);
  }

  return (
    <div ref={frameRef} className={styles.frame} style={{ height }} data-testid="direct-call-frame">
      <CallStage
        personOf={personOf}
        connectingText={t('directCall.connecting')}
        aloneText={
          absent ? t(ringing ? 'directCall.waiting' : 'directCall.reconnectingPeer', { name: peerName }) : null
        }
        placeholder={
          <span className={styles.placeholder} data-ringing={ringing || undefined}>
            <Avatar id={peer.id} name={peerName} url={peer.avatarUrl} size={80} />
          </span>
        }
        testId="direct-call-view"
        className={styles.stage}
        data={{ 'data-peer-id': peer.id }}
      />
      <div
        className={styles.handle}
        role="separator"
        aria-orientation="horizontal"
        aria-label={t('directCall.resize')}
        aria-valuenow={height}
        tabIndex={0}
        {...dragHandlers}
        onKeyDown={onKeyDown}
        data-testid="direct-call-resize"
      />
    </div>
  );
}
