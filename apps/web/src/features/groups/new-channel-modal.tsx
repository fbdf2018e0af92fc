import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHANNEL_NAME_MAX_LENGTH, type ChannelType } from '@beseda/protocol/groups';
import { channelPath } from '../../app/routes';
import { Icon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { hideGroupModal, type GroupModalProps } from './group-modals';
import { createChannel } from './groups-queries';
import { useNameForm } from './use-name-form';
import styles from './group-modals.module.css';

const TYPES: readonly ChannelType[] = ['TEXT', 'RTCP'];

/** Spec §2 New channel: type (text or voice) and name; Cancel / Create → the new channel. */
export function NewChannelModal({ groupId, type: initialType }: GroupModalProps['newChannel']) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<ChannelType>(initialType === 'RTCP' ? 'RTCP' : 'TEXT');
  const close = () => hideGroupModal('newChannel');
  const form = useNameForm(
    '',
    async (name) => {
      const channel = await createChannel(groupId, name, type);
      close();
      void navigate(channelPath(groupId, channel.id));
    },
    'group.channelCreateFailed',
  );

  return (
    <Modal
      title={t('group.channelTitle')}
      subtitle={t('group.channelSubtitle', {
        section: type === 'RTCP' ? t('group.sectionVoice') : t('group.sectionText'),
      })}
      closeLabel={t('group.close')}
      cancelLabel={t('group.cancel')}
      successLabel={t('group.channelCreate')}
      successDisabled={form.name.trim() === ''}
      successLoading={form.busy}
      onClose={close}
      onSuccess={() => void form.submit()}
      testId="new-channel-modal"
    >
      <fieldset className={styles.types}>
        <legend className={styles.legend}>{t('group.channelType')}</legend>
        {TYPES.map((option) => (
          <label key={option} className={`${styles.typeCard} ${type === option ? styles.typeChosen : ''}`}>
            <Icon name={option === 'RTCP' ? 'speaker' : 'hash'} size={24} className={styles.typeIcon} />
            <span className={styles.typeText}>
              <span className={styles.typeName}>
                {option === 'RTCP' ? t('group.channelVoice') : t('group.channelText')}
              </span>
              <span className={styles.typeHint}>
                {option === 'RTCP' ? t('group.channelVoiceHint') : t('group.channelTextHint')}
              </span>
            </span>
            <input
              type="radio"
              name="channel-type"
              value={option}
              checked={type === option}
              onChange={() => setType(option)}
              className={styles.radio}
              data-testid={`channel-type-${option}`}
            />
          </label>
        ))}
      </fieldset>
      <TextField
        label={t('group.channelName')}
        placeholder={t('group.channelNamePlaceholder')}
        value={form.name}
        maxLength={CHANNEL_NAME_MAX_LENGTH}
        error={form.error}
        onChange={form.onNameChange}
        autoFocus
        data-testid="new-channel-name"
      />
    </Modal>
  );
}
