import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { Icon } from './icon';
import styles from './modal.module.css';

export type ModalSize = 'S' | 'M' | 'L';

export interface ModalProps {
  title?: string;
  /** The accessible name of a modal without a title (a call card names the caller in its own layout). */
  label?: string;
  /** A line under the title (Discord's centred modals). */
  subtitle?: string;
  size?: ModalSize;
  /** Centre the header text (Discord's create/invite dialogs). */
  centred?: boolean;
  backgroundImage?: string;
  /** The × in the corner; its label is the accessible name. */
  closeLabel?: string;
  closeOnBackdrop?: boolean;
  cancelLabel?: string;
  successLabel?: string;
  successDisabled?: boolean;
  successLoading?: boolean;
  /** Esc, the ×, the backdrop and Cancel all end here. */
  onClose(): void;
  /** The success button submits the modal's form, so Enter in a field does the same. */
  onSuccess?(): void;
  children?: ReactNode;
  testId?: string;
}

/**
 * The one modal frame (spec §2 Modals) on the native `<dialog>`: `showModal()` makes the rest of the page inert
 * (focus stays inside), Esc fires `cancel`, and the element that had the focus gets it back when the modal goes.
 */
export function Modal({
  title,
  label,
  subtitle,
  size = 'M',
  centred = false,
  backgroundImage,
  closeLabel,
  closeOnBackdrop = true,
  cancelLabel,
  successLabel,
  successDisabled = false,
  successLoading = false,
  onClose,
  onSuccess,
  children,
  testId,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // Browsers differ on restoring focus when a dialog is removed rather than closed; do it ourselves.
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!successDisabled && !successLoading) onSuccess?.();
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      style={backgroundImage ? { backgroundImage: `url(${JSON.stringify(backgroundImage)})` } : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
      data-testid={testId}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {title || closeLabel ? (
          <header className={`${styles.header} ${centred ? styles.centred : ''}`}>
            {title ? (
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
            ) : null}
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
            {closeLabel ? (
              <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
                <Icon name="cross" size={24} />
              </button>
            ) : null}
          </header>
        ) : null}
        <div className={styles.body}>{children}</div>
        {cancelLabel || successLabel ? (
          <footer className={styles.footer}>
            {cancelLabel ? (
              <Button variant="ghost" onClick={onClose} data-testid="modal-cancel">
                {cancelLabel}
              </Button>
            ) : null}
            {successLabel ? (
              <Button type="submit" disabled={successDisabled} loading={successLoading} data-testid="modal-success">
                {successLabel}
              </Button>
            ) : null}
          </footer>
        ) : null}
      </form>
    </dialog>
  );
}
