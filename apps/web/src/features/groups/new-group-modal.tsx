import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { groupPath } from '../../app/routes';
import { createLogger } from '../../lib/logger';
import { Icon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { useUserStore } from '../auth/user-store';
import { avatarFailure } from '../files/avatar-file';
import { uploadAvatar } from '../files/files-api';
import { useAvatarPicker } from '../files/use-avatar-picker';
import { GroupIcon } from './group-icon';
import { GroupNameField } from './group-name-field';
import { hideGroupModal } from './group-modals';
import { createGroup } from './groups-queries';
import { PickerNote } from './picker-note';
import { FailureShownError, useNameForm } from './use-name-form';
import styles from './group-modals.module.css';

const log = createLogger('groups');

/**
 * Spec §2 New group: avatar picker and name («Сервер » + nickname by default); Cancel / Create → the new group.
 * The picture is optional; on Create it is uploaded first and the group is created with its key, so a group never
 * exists with a half-set avatar. A failed upload shows under the picker and leaves the modal open.
 */
export function NewGroupModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useUserStore((state) => state.nickname);
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const picker = useAvatarPicker({ onChosen: () => setUploadFailure(null) });
  // The chosen file's key once uploaded: trying Create again after a failed create does not upload it twice.
  const uploaded = useRef<{ file: File; key: string } | null>(null);
  const noteId = useId();
  const close = () => hideGroupModal('newGroup');

  async function avatarKey(): Promise<string | null> {
    const choice = picker.chosen?.choice;
    if (!choice) return null;
    if (uploaded.current?.file === choice.file) return uploaded.current.key;
    const key = await uploadAvatar(choice, 'group');
    uploaded.current = { file: choice.file, key };
    return key;
  }

  const form = useNameForm(
    t('group.newDefaultName', { nickname }),
    async (name) => {
      let key: string | null;
      try {
        key = await avatarKey();
      } catch (error) {
        log.warn('Group avatar upload failed', error);
        const reason = avatarFailure(error);
        setUploadFailure('values' in reason ? t(reason.key, reason.values) : t(reason.key));
        throw new FailureShownError('the avatar upload failed', { cause: error });
      }
      const group = await createGroup(name, key);
      close();
      void navigate(groupPath(group.id));
    },
    'group.createFailed',
  );

  const preview = picker.chosen?.previewUrl ?? null;
  const message = picker.problem ? t(picker.problem) : uploadFailure;
  return (
    <Modal
      title={t('group.newTitle')}
      subtitle={t('group.newSubtitle')}
      centred
      closeLabel={t('group.close')}
      cancelLabel={t('group.cancel')}
      successLabel={t('group.newCreate')}
      successLoading={form.busy}
      onClose={close}
      onSuccess={() => void form.submit()}
      testId="new-group-modal"
    >
      <div className={styles.iconPicker}>
        <div className={styles.pickerFrame}>
          <button
            type="button"
            className={`${styles.iconFrame} ${preview ? styles.iconChosen : ''}`}
            onClick={picker.open}
            disabled={form.busy}
            aria-label={preview ? t('group.newAvatarChange') : t('group.newAvatar')}
            aria-describedby={noteId}
            data-testid="new-group-avatar"
          >
            {preview ? (
              <GroupIcon name={form.name.trim() || '?'} avatarUrl={preview} size={80} />
            ) : (
              <span className={styles.uploadPrompt}>
                <Icon name="image" size={24} />
                {t('group.newAvatarUpload')}
              </span>
            )}
          </button>
          {preview ? (
            <button
              type="button"
              className={`${styles.iconBadge} ${styles.iconRemove}`}
              onClick={() => {
                picker.clear();
                setUploadFailure(null);
              }}
              disabled={form.busy}
              aria-label={t('group.newAvatarRemove')}
              data-testid="new-group-avatar-remove"
            >
              <Icon name="cross" size={12} />
            </button>
          ) : (
            <span className={styles.iconBadge} aria-hidden="true">
              <Icon name="plus" size={14} />
            </span>
          )}
        </div>
        <input {...picker.inputProps} data-testid="new-group-avatar-input" />
        <PickerNote id={noteId} message={message} hint={t('group.newAvatarHint')} testId="new-group-avatar-note" />
      </div>
      <GroupNameField form={form} autoFocus data-testid="new-group-name" />
    </Modal>
  );
}
