import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createLogger } from '../../lib/logger';
import { showToast } from '../toasts/toast-store';
import { type AvatarChoice, avatarFailure } from './avatar-file';
import { type AvatarPicker, useAvatarPicker } from './use-avatar-picker';

const log = createLogger('files');

export interface AvatarUpload {
  picker: AvatarPicker;
  /** The chosen file is being uploaded and committed (its preview is `picker.chosen`). */
  busy: boolean;
  /** Why the last pick or upload failed, in the user's words; null when nothing did. */
  message: string | null;
}

export interface AvatarUploadOptions {
  /** Uploads and commits the checked file (upload-url → PUT → commit); throws what went wrong. */
  save(choice: AvatarChoice<File>): Promise<void>;
  /** The success toast's title. */
  savedKey: ParseKeys;
}

/**
 * Changing an avatar that already belongs to someone (the user's photo, an existing group's picture): a pick that
 * passes the spec's checks is uploaded at once and previewed meanwhile; success is a toast, a refused file or a
 * failed upload a message beside the picture, in the same words as every other picker (`avatarFailure`). Closing the
 * system picker without a file says «Файл не выбран».
 */
export function useAvatarUpload({ save, savedKey }: AvatarUploadOptions): AvatarUpload {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const picker = useAvatarPicker({ reportCancel: true, onChosen: (choice) => void upload(choice) });

  async function upload(choice: AvatarChoice<File>) {
    setBusy(true);
    setFailure(null);
    try {
      await save(choice);
      showToast({ type: 'success', title: t(savedKey) });
    } catch (error) {
      log.warn('Avatar upload failed', error);
      const reason = avatarFailure(error);
      setFailure('values' in reason ? t(reason.key, reason.values) : t(reason.key));
    } finally {
      setBusy(false);
      // The saved picture now comes from the store; a failed one should not stay on screen as if it were set.
      picker.clear();
    }
  }

  const problem = picker.problem ? t(picker.problem) : null;
  return { picker, busy, message: problem ?? failure };
}
