import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoHeight } from './auto-textarea';
import { editText, useChatsStore } from './chats-store';
import type { DisplayMessage } from './message-rows';
import { toMarkupSource } from './markup-source';
import styles from './message-editor.module.css';

export interface MessageEditorProps {
  chatId: string;
  message: DisplayMessage;
  onDone(): void;
}

/** Spec §4 inline edit: Enter saves non-blank text (parsed as markup), Shift+Enter breaks the line, Esc cancels. */
export function MessageEditor({ chatId, message, onDone }: MessageEditorProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => toMarkupSource(message.content, message.entities));
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  useAutoHeight(ref, value, 320);
  // Someone deleted the message (here or in another tab) while it was being edited: nothing is left to edit.
  const gone = useChatsStore((state) => !!message.id && !state.messages[chatId]?.byId[message.id]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  useEffect(() => {
    if (gone) onDone();
  }, [gone, onDone]);

  const save = async () => {
    if (!message.id || saving) return;
    const original = toMarkupSource(message.content, message.entities);
    if (value.trim() === '' || value === original) {
      // Blank is not saved (spec §4); unchanged needs no request.
      if (value === original) onDone();
      return;
    }
    setSaving(true);
    const saved = await editText(chatId, message.id, value);
    setSaving(false);
    if (saved) onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div className={styles.editor}>
      <textarea
        ref={ref}
        className={styles.input}
        value={value}
        rows={1}
        aria-label={t('chat.editLabel')}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={saving}
        data-testid="message-edit-input"
      />
      <p className={styles.hint}>
        {t('chat.editHint')}
        <button type="button" onClick={onDone}>
          {t('chat.cancel')}
        </button>
        <button type="button" onClick={() => void save()} disabled={value.trim() === ''}>
          {t('chat.save')}
        </button>
      </p>
    </div>
  );
}
