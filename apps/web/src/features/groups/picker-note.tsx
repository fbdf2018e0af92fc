import styles from './group-modals.module.css';

/**
 * The line under a group picture picker (New group, «Настройки сервера»): the hint, or the picker's failure read out
 * as an alert. Its `id` describes the picker button.
 */
export function PickerNote({
  id,
  message,
  hint,
  testId,
}: {
  id: string;
  message: string | null;
  hint: string;
  testId: string;
}) {
  return (
    <p
      className={`${styles.pickerNote} ${message ? styles.pickerError : styles.note}`}
      id={id}
      role={message ? 'alert' : undefined}
      data-testid={testId}
    >
      {message ?? hint}
    </p>
  );
}
