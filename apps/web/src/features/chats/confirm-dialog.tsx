import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  children?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation on the native `<dialog>`: the browser traps focus, Esc cancels, and focus returns where it
 * was when it closes. The confirming button takes the focus, so Enter confirms.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onCancel();
      }}
      data-testid="confirm-dialog"
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{text}</p>
        {children}
      </div>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
