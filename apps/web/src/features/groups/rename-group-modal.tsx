import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX_LENGTH } from '@beseda/protocol/groups';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { hideGroupModal, type GroupModalProps } from './group-modals';
import { renameGroup, useGroupsStore } from './groups-store';

/** «Переименовать» for the owner (`PATCH /api/group/{id}`); members hear it as `group_renamed`. */
export function RenameGroupModal({ groupId }: GroupModalProps['rename']) {
  const { t } = useTranslation();
  const current = useGroupsStore((state) => state.data.byId[groupId]?.name ?? '');
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => hideGroupModal('rename');

  const submit = async () => {
    if (name.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      await renameGroup(groupId, name.trim());
      close();
    } catch {
      setError(t('group.renameFailed'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('group.renameTitle')}
      closeLabel={t('group.close')}
      cancelLabel={t('group.cancel')}
      successLabel={t('group.renameSave')}
      successLoading={busy}
      size="S"
      onClose={close}
      onSuccess={() => void submit()}
      testId="rename-group-modal"
    >
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
      />
    </Modal>
  );
}
