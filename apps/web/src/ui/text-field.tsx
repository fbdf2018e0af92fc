import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon } from './icon';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Adds a show/hide toggle for secrets; the two labels name the toggle's states. */
  revealLabels?: { show: string; hide: string };
  /**
   * Discord's sign-in card: the error joins the label's line («ПАРОЛЬ — Обязательное поле») instead of a line
   * below, so a form whose fields all fail does not grow and push its button down.
   */
  errorInLabel?: boolean;
  id?: string;
}

/** A labelled input: a real `<label for>`, the error linked by aria-describedby, aria-invalid when wrong. */
export function TextField({
  label,
  error,
  hint,
  revealLabels,
  errorInLabel = false,
  id,
  type = 'text',
  className,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const classes = [styles.field, error ? styles.invalid : '', revealLabels ? styles.withAction : '', className ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        {error && errorInLabel ? (
          <span className={styles.labelError} id={errorId}>
            {error}
          </span>
        ) : null}
      </div>
      <div className={styles.control}>
        <input
          id={inputId}
          className={styles.input}
          type={revealLabels && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {revealLabels ? (
          <button
            type="button"
            className={styles.action}
            aria-label={revealed ? revealLabels.hide : revealLabels.show}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            <Icon name={revealed ? 'eyeClosed' : 'eye'} size={18} />
          </button>
        ) : null}
      </div>
      {error && !errorInLabel ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
      {hint && (!error || errorInLabel) ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
