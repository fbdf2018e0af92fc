import { Icon, type IconName } from '../../ui/icon';
import { Tooltip } from '../../ui/tooltip';
import styles from './friend-row.module.css';

export interface RoundActionProps {
  icon: IconName;
  label: string;
  /** Hover colour: green for accept, red for reject/cancel/remove. */
  tone?: 'neutral' | 'success' | 'danger';
  disabled?: boolean;
  onClick(): void;
  testId?: string;
}

/** Discord's round row action: an icon button named by its label, which also shows as the tooltip. */
export function RoundAction({ icon, label, tone = 'neutral', disabled, onClick, testId }: RoundActionProps) {
  return (
    <Tooltip label={label} side="top">
      <button
        type="button"
        className={`${styles.action} ${styles[tone]}`}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        <Icon name={icon} size={20} />
      </button>
    </Tooltip>
  );
}
