import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PublicUser } from '@beseda/protocol/user';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { Modal, type ModalSize } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { directCallIdOf } from '../calls/call-store';
import { isCallLive } from '../calls/call-status';
import { useCall } from '../calls/use-call';
import { MediaIcon } from '../calls/media-icon';
import { modalOf, type DirectCallModal as ModalState } from './direct-call-state';
import { directCallStore, useDirectCalls } from './direct-calls';
import { goToDirectChat } from './go-to-direct-chat';
import { callAvatarSize, callModalSize } from './modal-size';
import styles from './direct-call-modal.module.css';

function useWindowSize(): { width: number; height: number } {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The one direct call modal (spec §2: one of each type): the newest call ringing us, else our own ringing call. */
export function DirectCallModalHost() {
  // The parts, not `modalOf` itself: a selector must return the same object for the same state.
  const direct = useDirectCalls((state) => state.direct);
  const incoming = useDirectCalls((state) => state.incoming);
  const modal = modalOf({ direct, incoming, elsewhere: null });
  const { width, height } = useWindowSize();
  return modal ? <DirectCallModalView modal={modal} size={callModalSize(width, height)} /> : null;
}

export function DirectCallModalView({ modal, size }: { modal: ModalState; size: ModalSize }) {
  return modal.kind === 'incoming' ? (
    <IncomingCallModal key={modal.call.id} modal={modal} size={size} />
  ) : (
    <OutgoingCallModal key="outgoing" modal={modal} size={size} />
  );
}

interface CardProps {
  user: PublicUser;
  size: ModalSize;
  ringing: boolean;
  status: string;
  direction: 'incoming' | 'outgoing';
  note?: string | null;
  children: ReactNode;
}

/** Avatar (a pulsing ring while it rings), the name and nickname, what is happening, the round buttons. */
function CallCard({ user, size, ringing, status, direction, note, children }: CardProps) {
  const { t } = useTranslation();
  const name = user.name || user.nickname;
  const cardRef = useRef<HTMLDivElement>(null);
  // After the modal's showModal() (a child's effect runs first): the card, not a button, holds the focus, so no ring
  // is drawn around «decline» before the user has done anything; Tab reaches the buttons.
  useEffect(() => cardRef.current?.focus(), []);
  return (
    <Modal
      size={size}
      label={t('directCall.modalLabel', { name })}
      closeOnBackdrop={false}
      // Esc must not hang up or decline by accident: only the buttons do.
      onClose={() => undefined}
      testId="direct-call-modal"
    >
      <div ref={cardRef} className={styles.card} tabIndex={-1} data-size={size} data-direction={direction}>
        <div className={styles.avatar} data-ringing={ringing || undefined}>
          <Avatar id={user.id} name={name} url={user.avatarUrl} size={callAvatarSize(size)} />
        </div>
        <div className={styles.who}>
          <h2 className={styles.name} data-testid="direct-call-name">
            {name}
          </h2>
          {name !== user.nickname ? <p className={styles.nickname}>@{user.nickname}</p> : null}
        </div>
        <p className={styles.status} aria-live="polite" data-testid="direct-call-status">
          {status}
        </p>
        {note ? <p className={styles.note}>{note}</p> : null}
        <div className={styles.actions}>{children}</div>
      </div>
    </Modal>
  );
}

interface RoundActionProps {
  tone: 'accept' | 'decline';
  label: string;
  icon: 'phone' | 'camera' | 'cross';
  busy?: boolean;
  disabled?: boolean;
  onClick(): void;
  testId: string;
}

function RoundAction({ tone, label, icon, busy = false, disabled = false, onClick, testId }: RoundActionProps) {
  return (
    <div className={styles.action}>
      <button
        type="button"
        className={`${styles.round} ${styles[tone]}`}
        aria-label={label}
        title={label}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={onClick}
        data-testid={testId}
      >
        {busy ? (
          <Spinner size={24} />
        ) : icon === 'camera' ? (
          <MediaIcon kind="camera" off={false} size={26} />
        ) : (
          <Icon name={icon} size={26} className={icon === 'phone' && tone === 'decline' ? styles.hangup : undefined} />
        )}
      </button>
      <span className={styles.actionLabel} aria-hidden="true">
        {label}
      </span>
    </div>
  );
}

function IncomingCallModal({ modal, size }: { modal: Extract<ModalState, { kind: 'incoming' }>; size: ModalSize }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { call, accepting } = modal;
  // In a voice channel or another direct call: answering ends it (the server ends it too).
  const inAnotherCall = useCall((state) => isCallLive(state.status) && directCallIdOf(state.target) !== call.id);
  const store = directCallStore.getState();
  const accept = async () => {
    if (await store.accept(call.id)) await goToDirectChat(call.user, (path) => void navigate(path));
  };
  return (
    <CallCard
      user={call.user}
      size={size}
      ringing={!accepting}
      status={call.video ? t('directCall.incomingVideo') : t('directCall.incoming')}
      direction="incoming"
      note={inAnotherCall ? t('directCall.switchHint') : null}
    >
      <RoundAction
        tone="decline"
        label={t('directCall.decline')}
        icon="phone"
        disabled={accepting}
        onClick={() => void store.decline(call.id)}
        testId="direct-call-decline"
      />
      <RoundAction
        tone="accept"
        label={
          inAnotherCall ? t('directCall.switchCall') : call.video ? t('directCall.acceptVideo') : t('directCall.accept')
        }
        icon={call.video ? 'camera' : 'phone'}
        busy={accepting}
        onClick={() => void accept()}
        testId="direct-call-accept"
      />
    </CallCard>
  );
}

function OutgoingCallModal({ modal, size }: { modal: Extract<ModalState, { kind: 'outgoing' }>; size: ModalSize }) {
  const { t } = useTranslation();
  const declined = modal.status === 'REJECTED';
  const status = declined
    ? t('directCall.declined')
    : modal.video
      ? t('directCall.outgoingVideo')
      : t('directCall.outgoing');
  return (
    <CallCard user={modal.user} size={size} ringing={!declined} status={status} direction="outgoing">
      <RoundAction
        tone="decline"
        label={declined ? t('call.close') : t('directCall.cancel')}
        icon={declined ? 'cross' : 'phone'}
        onClick={() => void directCallStore.getState().cancelOutgoing()}
        testId="direct-call-hang-up"
      />
    </CallCard>
  );
}
