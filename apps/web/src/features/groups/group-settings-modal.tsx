import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarOverlay } from '../../ui/avatar-overlay';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { useAvatarUpload } from '../files/use-avatar-upload';
import { GroupIcon } from './group-icon';
import { GroupNameField } from './group-name-field';
import { hideGroupModal, type GroupModalProps } from './group-modals';
import { changeGroupAvatar, renameGroup, useGroupEntry } from './groups-queries';
import { PickerNote } from './picker-note';
import { useNameForm } from './use-name-form';
import styles from './group-modals.module.css';

/**
 * «Настройки сервера» for the owner: the group's picture and its name. A picked picture is uploaded and committed at
 * once (like «Обновить фото» in /settings/my), so every member sees it live through `group_avatar_changed`; the name
 * is saved with «Сохранить», the same request and errors as «Переименовать».
 */
export function GroupSettingsModal({ groupId }: GroupModalProps['settings']) {
  const { t } = useTranslation();
  const group = useGroupEntry(groupId);
  const currentName = group?.name ?? '';
  const close = () => hideGroupModal('settings');
  const avatar = useAvatarUpload({
    save: (choice) => changeGroupAvatar(groupId, choice),
    savedKey: 'group.settingsIconUpdated',
  });
  const form = useNameForm(
    currentName,
    async (name) => {
      // Saving an untouched name is just closing: no request, no `group_renamed` for every member.
      if (name !== currentName) await renameGroup(groupId, name);
      close();
    },
    'group.renameFailed',
  );
  const noteId = useId();

  const picture = avatar.picker.chosen?.previewUrl ?? group?.avatarUrl ?? null;
  const changeLabel = picture ? t('group.settingsIconChange') : t('group.settingsIconUpload');
  return (
    <Modal
      title={t('group.settingsTitle')}
      subtitle={t('group.settingsSubtitle')}
      closeLabel={t('group.close')}
      cancelLabel={t('group.cancel')}
      successLabel={t('group.settingsSave')}
      successLoading={form.busy}
      onClose={close}
      onSuccess={() => void form.submit()}
      testId="group-settings-modal"
    >
      <div className={styles.settingsIcon}>
        <div className={styles.pickerFrame}>
          <button
            type="button"
            className={[styles.iconFrame, picture ? styles.iconChosen : '', avatar.busy ? styles.iconBusy : ''].join(
              ' ',
            )}
            onClick={avatar.picker.open}
            disabled={avatar.busy}
            aria-label={changeLabel}
            aria-describedby={noteId}
            data-testid="group-settings-avatar"
          >
            <GroupIcon
              name={form.name.trim() || currentName || '?'}
              avatarUrl={picture}
              size={80}
              className={styles.settingsIconImage}
            />
            <AvatarOverlay busy={avatar.busy} label={changeLabel} className={styles.iconOverlay} />
          </button>
          <span className={styles.iconBadge} aria-hidden="true">
            <Icon name="image" size={12} />
          </span>
        </div>
        <div className={styles.settingsIconText}>
          <p className={styles.legend}>{t('group.settingsIcon')}</p>
          <PickerNote
            id={noteId}
            message={avatar.message}
            hint={t('group.settingsIconHint')}
            testId="group-settings-avatar-note"
          />
          <Button
            variant="secondary"
            size="sm"
            loading={avatar.busy}
            onClick={avatar.picker.open}
            data-testid="group-settings-avatar-change"
          >
            {changeLabel}
          </Button>
        </div>
        <input {...avatar.picker.inputProps} data-testid="group-settings-avatar-input" />
      </div>
      <GroupNameField form={form} data-testid="group-settings-name" />
    </Modal>
  );
}
