import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { GroupNameField } from './group-name-field';
import { hideGroupModal, type GroupModalProps } from './group-modals';
import { renameGroup, useGroupEntry } from './groups-queries';
import { useNameForm } from './use-name-form';

/** «Переименовать» for the owner (`PATCH /api/group/{id}`); members hear it as `group_renamed`. */
export function RenameGroupModal({ groupId }: GroupModalProps['rename']) {
  const { t } = useTranslation();
  const current = useGroupEntry(groupId)?.name ?? '';
  const close = () => hideGroupModal('rename');
  const form = useNameForm(
    current,
    async (name) => {
      await renameGroup(groupId, name);
      close();
    },
    'group.renameFailed',
  );

  return (
    <Modal
      title={t('group.renameTitle')}
      closeLabel={t('group.close')}
      cancelLabel={t('group.cancel')}
      successLabel={t('group.renameSave')}
      successLoading={form.busy}
      size="S"
      onClose={close}
      onSuccess={() => void form.submit()}
      testId="rename-group-modal"
    >
      <GroupNameField form={form} autoFocus />
    </Modal>
  );
}
