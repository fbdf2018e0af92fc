import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX_LENGTH } from '@beseda/protocol/groups';
import { groupPath } from '../../app/routes';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useUserStore } from '../auth/user-store';
import { GroupIcon } from './group-icon';
import { hideGroupModal } from './group-modals';
import { createGroup } from './groups-store';
import { useNameForm } from './use-name-form';
import styles from './group-modals.module.css';

/** Spec §2 New group: icon and name («Сервер » + nickname by default); Cancel / Create → the new group. */
export function NewGroupModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useUserStore((state) => state.nickname);
  const close = () => hideGroupModal('newGroup');
  const form = useNameForm(
    t('group.newDefaultName', { nickname }),
    async (name) => {
      const group = await createGroup(name);
      close();
      void navigate(groupPath(group.id));
    },
    'group.createFailed',
  );

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
        <span className={styles.iconFrame}>
          <GroupIcon name={form.name.trim() || '?'} avatarUrl={null} size={80} />
        </span>
        <p className={styles.note}>{t('group.newAvatarSoon')}</p>
      </div>
      <TextField
        label={t('group.newName')}
        value={form.name}
        maxLength={GROUP_NAME_MAX_LENGTH}
        error={form.error}
        onChange={form.onNameChange}
        autoFocus
        data-testid="new-group-name"
      />
    </Modal>
  );
}
