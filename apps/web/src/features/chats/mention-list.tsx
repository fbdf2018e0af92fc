import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import type { MentionCandidate } from './mention-query';
import styles from './composer.module.css';

export interface MentionListProps {
  id: string;
  candidates: readonly (MentionCandidate & { avatarUrl?: string | null })[];
  selected: number;
  onHover(index: number): void;
  onPick(candidate: MentionCandidate): void;
}

/** The mention popup above the input; the textarea keeps focus and drives it (aria-activedescendant). */
export function MentionList({ id, candidates, selected, onHover, onPick }: MentionListProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.mentions} data-testid="mention-list">
      <p className={styles.mentionsTitle}>{t('chat.mentionTitle')}</p>
      <ul id={id} role="listbox" aria-label={t('chat.mentionTitle')} className={styles.mentionsList}>
        {candidates.map((candidate, index) => (
          <li
            key={candidate.id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === selected}
            className={styles.mention}
            onMouseEnter={() => onHover(index)}
            // mousedown, not click: the textarea must not blur (which closes the list) before the pick.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(candidate);
            }}
          >
            <Avatar id={candidate.id} name={candidate.name} url={candidate.avatarUrl ?? null} size={24} />
            <span className={styles.mentionName}>{candidate.name}</span>
            <span className={styles.mentionNick}>@{candidate.nickname}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
