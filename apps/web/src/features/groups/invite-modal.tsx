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
import styles from './group-modals.module.css';

const log = createLogger('invite');

type LinkState = { status: 'pending' } | { status: 'resolved'; invite: InviteResponse } | { status: 'rejected' };

/**
 * Spec §2 Invite link: a read-only link with «Копировать». The link is cleared before a new one is requested
 * (spec §4), so a stale group's link is never shown. The server hands back the same live code when asked again.
 */
export function InviteModal({ groupId }: GroupModalProps['invite']) {
  const { t } = useTranslation();
  const groupName = useGroupEntry(groupId ?? '')?.name;
  const [link, setLink] = useState<LinkState>({ status: 'pending' });
  const inputRef = useRef<HTMLInputElement>(null);
  const close = () => hideGroupModal('invite');

  // The modal is keyed by group, so the link starts `pending` for each group; a retry sets it back by hand.
  const fetchLink = useCallback(() => {
    if (!groupId) return;
    createInvite(groupId).then(
      (invite) => setLink({ status: 'resolved', invite }),
      (error: unknown) => {
        log.warn('Could not create an invite', error);
        setLink({ status: 'rejected' });
      },
    );
  }, [groupId]);

  useEffect(fetchLink, [fetchLink]);

  const request = () => {
    setLink({ status: 'pending' });
    fetchLink();
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
            <p className={styles.note}>
              {link.invite.expiresAt
                ? t('invite.expires', { at: formatDateTime(link.invite.expiresAt) })
                : t('invite.neverExpires')}
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
