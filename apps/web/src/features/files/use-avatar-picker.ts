import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { AVATAR_TYPES } from '@beseda/protocol/constants';
import { type AvatarChoice, type AvatarFileProblem, checkAvatarFiles } from './avatar-file';

export interface AvatarPicker {
  /** Spread on a hidden `<input type="file">`. */
  inputProps: {
    ref: RefObject<HTMLInputElement | null>;
    type: 'file';
    accept: string;
    hidden: true;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
  /** Opens the system file picker. */
  open(): void;
  /** The file chosen and checked, with an object URL for its preview. */
  chosen: { choice: AvatarChoice<File>; previewUrl: string } | null;
  /** Why the last pick was refused (a ru catalogue key), if it was. */
  problem: AvatarFileProblem | null;
  clear(): void;
}

export interface AvatarPickerOptions {
  /** Called with every accepted pick (e.g. to upload it at once). */
  onChosen?(choice: AvatarChoice<File>): void;
  /** Closing the picker without a file counts as «Файл не выбран» (spec §5) where a file was asked for. */
  reportCancel?: boolean;
}

/**
 * A file input for one avatar: checks each pick with the spec's rules, keeps a preview URL for the accepted file and
 * revokes it when the file changes or the component goes away.
 */
export function useAvatarPicker({ onChosen, reportCancel = false }: AvatarPickerOptions = {}): AvatarPicker {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<AvatarPicker['chosen']>(null);
  const [problem, setProblem] = useState<AvatarFileProblem | null>(null);

  // Each preview URL lives exactly as long as it is the chosen one.
  useEffect(() => {
    const url = chosen?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [chosen]);

  // `cancel` (closing the picker without a file) is not one of React's input events.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || !reportCancel) return;
    const onCancel = () => setProblem('files.noFile');
    input.addEventListener('cancel', onCancel);
    return () => input.removeEventListener('cancel', onCancel);
  }, [reportCancel]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const checked = checkAvatarFiles(event.target.files ? [...event.target.files] : []);
    // Cleared, so picking the same file again (after fixing nothing, or after a failed upload) fires change again.
    event.target.value = '';
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setChosen({ choice: checked, previewUrl: URL.createObjectURL(checked.file) });
    onChosen?.(checked);
  }

  return {
    inputProps: { ref: inputRef, type: 'file', accept: AVATAR_TYPES.join(','), hidden: true, onChange },
    open: () => inputRef.current?.click(),
    chosen,
    problem,
    clear: () => {
      setChosen(null);
      setProblem(null);
    },
  };
}
