import type { ParseKeys } from 'i18next';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface NameForm {
  name: string;
  error: string | undefined;
  busy: boolean;
  onNameChange(event: ChangeEvent<HTMLInputElement>): void;
  submit(): Promise<void>;
}

/**
 * Thrown by a `save` that stopped for a reason it has already shown elsewhere (the New group modal's picture): the
 * form becomes usable again with nothing on the name field.
 */
export class FailureShownError extends Error {
  override readonly name = 'FailureShownError';
}

/**
 * The lifecycle the group and channel modals share: a required, trimmed name; `save` runs once at a time; a failure
 * shows `failedKey` on the field (unless it is a FailureShownError) and lets the user try again. `save` closes the
 * modal and navigates on success.
 */
export function useNameForm(initial: string, save: (name: string) => Promise<void>, failedKey: ParseKeys): NameForm {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  return {
    name,
    error,
    busy,
    onNameChange: (event) => {
      setName(event.target.value);
      setError(undefined);
    },
    submit: async () => {
      if (name.trim() === '') {
        setError(t('validation.required'));
        return;
      }
      setBusy(true);
      try {
        await save(name.trim());
      } catch (error) {
        if (!(error instanceof FailureShownError)) setError(t(failedKey));
        setBusy(false);
      }
    },
  };
}
