import { useTranslation } from 'react-i18next';
import { describeRelativeTime } from './relative-time';

/** Turns an ISO timestamp into the catalogue's words (spec §9 relative labels). */
export function useRelativeTime(): (iso: string, now?: Date) => string {
  const { t } = useTranslation();
  return (iso, now = new Date()) => {
    const value = new Date(iso);
    if (Number.isNaN(value.getTime())) return '';
    const described = describeRelativeTime(value, now);
    switch (described.kind) {
      case 'now':
        return t('time.now');
      case 'minutes':
        return t('time.minutesAgo', { count: described.count });
      case 'hours':
        return t('time.hoursAgo', { count: described.count });
      case 'yesterday':
        return t('time.yesterday');
      case 'date':
        return described.text;
    }
  };
}
