import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX_LENGTH } from '@beseda/protocol/groups';
import { TextField, type TextFieldProps } from '../../ui/text-field';
import type { NameForm } from './use-name-form';

export interface GroupNameFieldProps extends Omit<
  TextFieldProps,
  'label' | 'value' | 'maxLength' | 'error' | 'onChange' | 'form'
> {
  /** The modal's name form (it replaces the input's own `form` attribute, which no modal uses). */
  form: NameForm;
}

/** The group's name in New group, «Переименовать» and «Настройки сервера», bound to its `useNameForm`. */
export function GroupNameField({ form, ...rest }: GroupNameFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('group.newName')}
      value={form.name}
      maxLength={GROUP_NAME_MAX_LENGTH}
      error={form.error}
      onChange={form.onNameChange}
      {...rest}
    />
  );
}
