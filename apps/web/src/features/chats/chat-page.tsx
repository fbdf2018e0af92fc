import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../app/routes';
import { PageHeader } from '../../app/layout/page-header';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { DirectCallArea } from '../direct-calls/direct-call-view';
import { ChatHeader } from './chat-header';
import { ChatConversation, useOpenChat } from './chat-conversation';
import { useChatDirectory } from './chats-queries';
import { openChat, useChatsStore } from './chats-store';
import styles from './chat-page.module.css';

/** `/channels/@me/{dmId}`: a direct chat or the official one (spec §2 chat view). */
export function ChatPage() {
  const { t } = useTranslation();
  const { dmId = '' } = useParams();
  const chat = useChatDirectory((directory) => directory.chats[dmId]);
  const status = useChatsStore((state) => state.chatStatus[dmId]);
  const loaded = useChatsStore((state) => !!state.messages[dmId]);

  useOpenChat(dmId);

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
      {chat.kind === 'direct' ? <DirectCallArea chat={chat} /> : null}
      <ChatConversation chat={chat} readOnlyText={chat.official ? t('chat.readOnly') : t('chat.readOnlyDirect')} />
    </>
  );
}
