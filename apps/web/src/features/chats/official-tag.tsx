import { useTranslation } from 'react-i18next';
import styles from './official-tag.module.css';

/**
 * The «Official» tag after the official chat's name (chat list, chat header) and after its messages' author.
 * `className` places it in its row.
 */
export function OfficialTag({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <span className={className ? `${styles.tag} ${className}` : styles.tag}>{t('chat.officialTag')}</span>;
}
