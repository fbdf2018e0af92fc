import { useId } from 'react';
import styles from './switch.module.css';

export interface SwitchRowProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  testId?: string;
}

/**
 * A setting that is on or off: the label and hint on the left, a switch on the right (Discord's settings rows). The
 * whole row is the control's label, so a click anywhere on it toggles; the switch is a real checkbox with
 * `role="switch"`, so keyboards and screen readers get it for free.
 */
export function SwitchRow({ label, hint, checked, onChange, disabled = false, testId }: SwitchRowProps) {
  const hintId = useId();
  return (
    <label className={`${styles.row} ${disabled ? styles.disabled : ''}`}>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {hint ? (
          <span className={styles.hint} id={hintId}>
            {hint}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        className={styles.input}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </label>
  );
}
