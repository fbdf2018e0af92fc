import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/icon';
import { DEFAULT_DEVICE_ID, type DeviceOption } from './device-lists';
import styles from './devices.module.css';

export type PickerKind = 'mic' | 'camera' | 'output';

const ICON: Readonly<Record<PickerKind, IconName>> = { mic: 'mic', camera: 'camera', output: 'headphones' };

export interface DeviceSelectProps {
  kind: PickerKind;
  options: readonly DeviceOption[];
  value: string;
  onChange(deviceId: string): void;
  testId?: string;
}

/** A picker of one device kind: «По умолчанию» (the system's choice) first, then every device by its name. */
export function DeviceSelect({ kind, options, value, onChange, testId }: DeviceSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const label = { mic: t('devices.mic'), camera: t('devices.camera'), output: t('devices.output') }[kind];
  // A browser may hide a name even with permission (some USB devices have none): number them instead.
  const unnamed = (n: number) =>
    ({
      mic: t('devices.unnamedMic', { n }),
      camera: t('devices.unnamedCamera', { n }),
      output: t('devices.unnamedOutput', { n }),
    })[kind];
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <div className={styles.selectWrap}>
        <Icon name={ICON[kind]} size={18} className={styles.selectIcon} />
        <select
          id={id}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        >
          <option value={DEFAULT_DEVICE_ID}>{t('devices.defaultDevice')}</option>
          {options.map((option, index) => (
            <option key={option.id} value={option.id}>
              {option.label || unnamed(index + 1)}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" size={18} className={styles.selectChevron} />
      </div>
    </div>
  );
}
