import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { showToast } from '../toasts/toast-store';
import { addFriendErrorKey, type AddFriendErrorKey } from './add-friend-error';
import { sendRequest } from './contacts-queries';
import styles from './add-friend.module.css';

/** Spec §2 Add friend: a nickname (case-sensitive), the button only for non-blank input, refusals on the field. */
export function AddFriend() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<AddFriendErrorKey | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const messageId = useId();
  // A pasted «@nick» is still the nickname; nicknames never contain spaces.
  const nickname = value.trim().replace(/^@/, '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!nickname || sending) return;
    setSending(true);
    try {
      const contact = await sendRequest(nickname);
      const accepted = contact.status === 'ACCEPTED';
      showToast({
        type: 'success',
        title: t(accepted ? 'friends.addAccepted' : 'friends.addSent'),
        message: t(accepted ? 'friends.addAcceptedMessage' : 'friends.addSentMessage', {
          nickname: contact.user.nickname,
        }),
      });
      setValue('');
      setError(null);
    } catch (failure) {
      setError(addFriendErrorKey(failure));
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="add-friend">
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 className={styles.title} id={titleId}>
          {t('friends.addTitle')}
        </h2>
        <p className={styles.subtitle}>{t('friends.addSubtitle')}</p>
        <div className={`${styles.bar} ${error ? styles.invalid : ''}`}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('friends.addLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            value={value}
            placeholder={t('friends.addPlaceholder')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            data-testid="add-friend-input"
          />
          {nickname ? (
            <Button type="submit" size="sm" loading={sending} className={styles.submit}>
              {t('friends.addSubmit')}
            </Button>
          ) : null}
        </div>
        <p
          id={messageId}
          className={error ? styles.error : styles.hint}
          role={error ? 'alert' : undefined}
          data-testid={error ? 'add-friend-error' : undefined}
        >
          {error ? t(error) : t('friends.addHint')}
        </p>
      </form>
      <EmptyState icon="friend" title={t('friends.addEmptyTitle')} hint={t('friends.addEmptyHint')} fill />
    </section>
  );
}
