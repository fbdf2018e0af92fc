import { useTranslation } from 'react-i18next';
import { describeDay } from './day-label';

import styles from './message-list.module.css';

/** «Сегодня», «Вчера», «5 марта», «05.03.2023» between days (spec §2). */
export function DayDivider({ date }: { date: string }) {
  const { t } = useTranslation();
  const day = describeDay(new Date(date), new Date());
  const label =
    day.kind === 'today'
      ? t('chat.today')
      : day.kind === 'yesterday'
        ? t('chat.yesterday')
        : day.kind === 'thisYear'
          ? t('chat.dayMonth', { day: day.day, month: t(`chat.months.${day.month}`) })
          : day.text;
  return (
    <div className={styles.day} role="separator" aria-label={label} data-testid="day-label">
      <span>{label}</span>
    </div>
  );
}
