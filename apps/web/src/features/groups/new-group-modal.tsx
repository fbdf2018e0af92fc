import { useState } from 'react';
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
import styles from './group-modals.module.css';

/** Spec §2 New group: icon and name («Сервер » + nickname by default); Cancel / Create → the new group. */
export function NewGroupModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nickname = useUserStore((state) => state.nickname);
  const [name, setName] = useState<string>(() => t('group.newDefaultName', { nickname }));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => hideGroupModal('newGroup');

  const submit = async () => {
    if (name.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      const group = await createGroup(name.trim());
      close();
      void navigate(groupPath(group.id));
    } catch {
      setError(t('group.createFailed'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('group.newTitle')}
      subtitle={t('group.newSubtitle')}
      centred
      closeLabel={t('group.close')}
      cancelLabel={t('group.cancel')}
      successLabel={t('group.newCreate')}
      successLoading={busy}
      onClose={close}
      onSuccess={() => void submit()}
      testId="new-group-modal"
    >
      <div className={styles.iconPicker}>
        <span className={styles.iconFrame}>
          <GroupIcon name={name.trim() || '?'} avatarUrl={null} size={80} />
        </span>
        <p className={styles.note}>{t('group.newAvatarSoon')}</p>
      </div>
      <TextField
        label={t('group.newName')}
        value={name}
        maxLength={GROUP_NAME_MAX_LENGTH}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        autoFocus
        data-testid="new-group-name"
      />
    </Modal>
  );
}
