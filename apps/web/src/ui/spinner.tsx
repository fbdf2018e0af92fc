import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: number;
  className?: string;
  /** Accessible name; decorative when omitted (e.g. inside a busy button). */
  label?: string;
}

export function Spinner({ size = 24, className, label }: SpinnerProps) {
  return (
    <span
      className={`${styles.spinner} ${className ?? ''}`}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
