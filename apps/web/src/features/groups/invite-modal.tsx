import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteResponse } from '@beseda/protocol/groups';
import { invitePath } from '../../app/routes';
import { createLogger } from '../../lib/logger';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { formatDateTime } from '../chats/message-text';
import { showToast } from '../toasts/toast-store';
import { hideGroupModal, type GroupModalProps } from './group-modals';
import { createInvite } from './groups-api';
import { useGroupEntry } from './groups-queries';
import {
  DEFAULT_INVITE_LIFETIME,
  INVITE_LIFETIMES,
  type InviteLifetimeKey,
  isInviteLifetimeKey,
  lifetimeHours,
} from './invite-lifetimes';
import styles from './group-modals.module.css';

const log = createLogger('invite');

type LinkState = { status: 'pending' } | { status: 'resolved'; invite: InviteResponse } | { status: 'rejected' };

/**
 * Spec §2 Invite link: a read-only link with «Копировать». The link is cleared before a new one is requested
 * (spec §4), so a stale group's link is never shown. It opens with the default 7-day link (the server hands back the
 * same live code when asked again); «Изменить ссылку» offers another lifetime or none, as Discord's invite dialog
 * does, and mints a new link for it.
 */
export function InviteModal({ groupId }: GroupModalProps['invite']) {
  const { t } = useTranslation();
  const groupName = useGroupEntry(groupId ?? '')?.name;
  const [link, setLink] = useState<LinkState>({ status: 'pending' });
  const [lifetime, setLifetime] = useState<InviteLifetimeKey>(DEFAULT_INVITE_LIFETIME);
  const [editing, setEditing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const close = () => hideGroupModal('invite');

  // The modal is keyed by group, so the link starts `pending` for each group; a retry or a new lifetime sets it back
  // by hand. The first request names no lifetime (the live default link comes back); later ones mint a new link.
  const requestLink = useCallback(
    (expiresInHours?: number | null) => {
      if (!groupId) return;
      createInvite(groupId, expiresInHours).then(
        (invite) => setLink({ status: 'resolved', invite }),
        (error: unknown) => {
          log.warn('Could not create an invite', error);
          setLink({ status: 'rejected' });
        },
      );
    },
    [groupId],
  );

  useEffect(() => requestLink(), [requestLink]);

  const request = () => {
    setLink({ status: 'pending' });
    setEditing(false);
    requestLink(lifetimeHours(lifetime));
  };

  const url = link.status === 'resolved' ? `${window.location.origin}${invitePath(link.invite.code)}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: 'success', title: t('invite.copied') });
    } catch (error) {
      // No Clipboard API (a plain-http address) or no permission: the link is selected, so Ctrl+C still works.
      log.warn('Clipboard write failed', error);
      inputRef.current?.select();
      showToast({ type: 'error', title: t('invite.copyFailed') });
    }
  };

  return (
    <Modal
      title={groupName ? t('invite.modalTitle', { name: groupName }) : t('invite.title')}
      closeLabel={t('group.close')}
      size="M"
      onClose={close}
      testId="invite-modal"
    >
      {!groupId ? (
        <p className={styles.note} data-testid="invite-no-group">
          {t('invite.noGroup')}
        </p>
      ) : (
        <div className={styles.invite}>
          <label className={styles.legend} htmlFor="invite-link">
            {t('invite.modalHint')}
          </label>
          <div className={styles.linkRow}>
            {link.status === 'pending' ? (
              <Spinner size={20} label={t('invite.loading')} />
            ) : link.status === 'rejected' ? (
              <span className={styles.linkError}>{t('invite.createFailed')}</span>
            ) : (
              <input
                ref={inputRef}
                id="invite-link"
                className={styles.linkInput}
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                data-testid="invite-link"
              />
            )}
            {link.status === 'rejected' ? (
              <Button onClick={request}>{t('invite.retry')}</Button>
            ) : (
              <Button onClick={() => void copy()} disabled={link.status !== 'resolved'} data-testid="invite-copy">
                {t('invite.copy')}
              </Button>
            )}
          </div>
          {link.status === 'resolved' ? (
            <p className={styles.note} data-testid="invite-expiry">
              {link.invite.expiresAt
                ? t('invite.expires', { at: formatDateTime(link.invite.expiresAt) })
                : t('invite.neverExpires')}{' '}
              {editing ? null : (
                <button type="button" className={styles.textButton} onClick={() => setEditing(true)}>
                  {t('invite.edit')}
                </button>
              )}
            </p>
          ) : null}
          {editing ? (
            <div className={styles.lifetimeRow}>
              <label className={styles.legend} htmlFor="invite-lifetime">
                {t('invite.lifetimeLabel')}
              </label>
              <select
                id="invite-lifetime"
                className={styles.select}
                value={lifetime}
                onChange={(event) => {
                  if (isInviteLifetimeKey(event.target.value)) setLifetime(event.target.value);
                }}
                data-testid="invite-lifetime"
              >
                {INVITE_LIFETIMES.map(({ key }) => (
                  <option key={key} value={key}>
                    {t(`invite.lifetime.${key}`)}
                  </option>
                ))}
              </select>
              <Button onClick={request} data-testid="invite-generate">
                {t('invite.generate')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
