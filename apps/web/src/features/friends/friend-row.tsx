import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@beseda/protocol/contacts';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { usePresenceStore } from '../presence/presence-store';
import { useContactActions } from './contacts-queries';
import styles from './friend-row.module.css';
import { RoundAction } from './round-action';

export interface FriendRowProps {
  contact: Contact;
  online: boolean;
  onMessage(contact: Contact): void;
}

/** One person on the friends page: avatar with presence, nickname, status line and the actions their state allows. */
export function FriendRow({ contact, online, onMessage }: FriendRowProps) {
  const { t } = useTranslation();
  const { busy, act } = useContactActions(contact);
  const [confirming, setConfirming] = useState(false);
  const { user } = contact;
  // The connection that keeps presence live is down: neither «В сети» nor «Не в сети» can be vouched for.
  const stale = usePresenceStore((state) => state.stale);
  const pending = contact.status === 'PENDING';
  const incoming = pending && contact.direction === 'INCOMING';
  const status = pending
    ? t(incoming ? 'friends.statusIncoming' : 'friends.statusOutgoing')
    : stale
      ? t('user.statusUnknown')
      : t(online ? 'friends.statusOnline' : 'friends.statusOffline');

  return (
    <li
      className={styles.row}
      data-testid="friend-row"
      data-nickname={user.nickname}
      data-status={pending ? (incoming ? 'incoming' : 'outgoing') : online ? 'online' : 'offline'}
    >
      <Avatar
        id={user.id}
        name={user.name || user.nickname}
        url={user.avatarUrl}
        size={32}
        // Presence of people who are not friends yet is not live (the server tells friends only), so no dot.
        status={pending || stale ? undefined : online ? 'online' : 'offline'}
        ringColour="var(--row-ring)"
      />
      <div className={styles.info}>
        <p className={styles.name}>
          {user.nickname}
          {user.name && user.name !== user.nickname ? <span className={styles.realName}>{user.name}</span> : null}
        </p>
        <p className={styles.status}>{status}</p>
      </div>
      {confirming ? (
        <div
          className={styles.confirm}
          role="group"
          aria-label={t('friends.removeConfirm', { nickname: user.nickname })}
        >
          <span className={styles.confirmText}>{t('friends.removeConfirm', { nickname: user.nickname })}</span>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t('friends.removeConfirmNo')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            loading={busy}
            onClick={() => act('remove')}
            data-testid="friend-remove-confirm"
          >
            {t('friends.removeConfirmYes')}
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          {incoming ? (
            <>
              <RoundAction
                icon="ok"
                tone="success"
                label={t('friends.accept')}
                disabled={busy}
                onClick={() => act('accept')}
              />
              <RoundAction
                icon="cross"
                tone="danger"
                label={t('friends.reject')}
                disabled={busy}
                onClick={() => act('reject')}
              />
            </>
          ) : pending ? (
            <RoundAction
              icon="cross"
              tone="danger"
              label={t('friends.cancel')}
              disabled={busy}
              onClick={() => act('cancel')}
            />
          ) : (
            <>
              <RoundAction
                icon="chat"
                label={t('friends.message')}
                disabled={busy}
                onClick={() => onMessage(contact)}
              />
              <RoundAction
                icon="cross"
                tone="danger"
                label={t('friends.remove')}
                disabled={busy}
                onClick={() => setConfirming(true)}
              />
            </>
          )}
        </div>
      )}
    </li>
  );
}
