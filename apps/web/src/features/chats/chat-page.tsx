import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../app/routes';
import { PageHeader } from '../../app/layout/page-header';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { Spinner } from '../../ui/spinner';
import { ChatHeader } from './chat-header';
import { closeChat, openChat, readOnScreen, useChatsStore } from './chats-store';
import { Composer } from './composer';
import { MessageList } from './message-list';
import styles from './chat-page.module.css';
import composerStyles from './composer.module.css';

/** `/channels/@me/{dmId}`: a direct chat or the official one (spec §2 chat view). */
export function ChatPage() {
  const { t } = useTranslation();
  const { dmId = '' } = useParams();
  const chat = useChatsStore((state) => state.data.chats[dmId]);
  const status = useChatsStore((state) => state.chatStatus[dmId]);
  const loaded = useChatsStore((state) => !!state.data.messages[dmId]);

  useEffect(() => {
    void openChat(dmId);
    return () => closeChat(dmId);
  }, [dmId]);

  // Coming back to the tab reads what arrived meanwhile.
  useEffect(() => {
    const onVisible = () => readOnScreen(dmId);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [dmId]);

  if (status === 'not_found') {
    return (
      <>
        <PageHeader icon="chat" title={t('chat.notFound')} />
        <EmptyState icon="chat" title={t('chat.notFound')} hint={t('chat.notFoundHint')} fill testId="chat-not-found">
          <Link to={ROUTES.friends} className={styles.link}>
            {t('chat.toFriends')}
          </Link>
        </EmptyState>
      </>
    );
  }
  if (!chat || !loaded) {
    return (
      <>
        <PageHeader icon="chat" title={chat?.name ?? t('chat.title')} />
        {status === 'error' ? (
          <EmptyState icon="chat" title={t('chat.loadFailed')} hint={t('chat.loadFailedHint')} fill testId="chat-error">
            <Button onClick={() => void openChat(dmId)}>{t('chat.retry')}</Button>
          </EmptyState>
        ) : (
          <div className={styles.center}>
            <Spinner label={t('chat.loading')} />
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <ChatHeader chat={chat} />
      <div className={styles.body} data-testid="chat-view" data-chat-id={chat.id}>
        <MessageList key={chat.id} chat={chat} />
        {chat.canWrite ? (
          <Composer key={chat.id} chat={chat} />
        ) : (
          <p className={composerStyles.readOnly} data-testid="chat-read-only">
            <Icon name="lock" size={18} />
            {chat.official ? t('chat.readOnly') : t('chat.readOnlyDirect')}
          </p>
        )}
      </div>
    </>
  );
}
