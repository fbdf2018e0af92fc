import { memo, type MouseEvent } from 'react';
import type { PublicUser } from '@beseda/protocol/user';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { Logo } from '../../ui/logo';
import markupStyles from './markup/markup.module.css';
import { renderMessage } from './markup/render-entities';
import { useSystemText } from './chat-display';
import { discardFailed, retrySend } from './chats-store';
import { LinkEmbed } from './link-preview/link-embed';
import { MessageEditor } from './message-editor';
import type { DisplayMessage } from './message-rows';
import { formatClock, formatDateTime } from './message-text';
import { OfficialTag } from './official-tag';
import styles from './message-item.module.css';

export interface MessageItemProps {
  message: DisplayMessage;
  /** First of an author's run: shows the avatar, name and time. */
  head: boolean;
  author: PublicUser | undefined;
  own: boolean;
  /** The message mentions the reader: highlighted like Discord does. */
  mentionsMe: boolean;
  editing: boolean;
  chatId: string;
  onMenu(message: DisplayMessage, at: { x: number; y: number }, trigger: HTMLElement | null): void;
  onEditDone(): void;
}

/** «…»: three dots, drawn here because the shared icon set has no such glyph yet. */
function MoreIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5.5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="18.5" cy="12" r="1.8" />
    </svg>
  );
}

/** One message row: Discord-like head (avatar, name, time) or a compact continuation, plus its states. */
export const MessageItem = memo(function MessageItem({
  message,
  head,
  author,
  own,
  mentionsMe,
  editing,
  chatId,
  onMenu,
  onEditDone,
}: MessageItemProps) {
  const { t } = useTranslation();
  const systemText = useSystemText();
  const system = message.kind === 'SYSTEM';
  const name = system ? t('chat.officialName') : (author?.name ?? author?.nickname ?? '');
  const canMenu = message.status === 'sent' && !editing;

  const openMenu = (event: MouseEvent) => {
    if (!canMenu) return;
    event.preventDefault();
    onMenu(message, { x: event.clientX, y: event.clientY }, null);
  };
  const openMenuFromButton = (event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onMenu(message, { x: rect.right, y: rect.bottom + 4 }, event.currentTarget);
  };

  const classes = [
    styles.message,
    head ? styles.head : '',
    message.status === 'sending' ? styles.sending : '',
    message.status === 'failed' ? styles.failed : '',
    mentionsMe ? styles.mentioned : '',
    editing ? styles.editing : '',
    system ? styles.system : '',
  ].join(' ');

  return (
    <article
      className={classes}
      onContextMenu={openMenu}
      data-testid="message"
      data-message-id={message.id ?? undefined}
      data-status={message.status}
      data-own={own || undefined}
      data-mentioned={mentionsMe || undefined}
      aria-label={head ? `${name}, ${formatDateTime(message.createdAt)}` : undefined}
    >
      {head ? (
        <span className={styles.avatar}>
          {system ? (
            <Logo size={40} />
          ) : (
            <Avatar id={message.senderId ?? ''} name={name} url={author?.avatarUrl ?? null} size={40} />
          )}
        </span>
      ) : (
        <time className={styles.gutterTime} dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
          {formatClock(message.createdAt)}
        </time>
      )}
      <div className={styles.content}>
        {head ? (
          <h3 className={styles.header}>
            <span className={`${styles.author} ${own ? styles.ownAuthor : ''}`}>{name}</span>
            {system ? <OfficialTag className={styles.tag} /> : null}
            <time className={styles.time} dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
              {formatClock(message.createdAt)}
            </time>
          </h3>
        ) : null}
        {editing && message.id ? (
          <MessageEditor chatId={chatId} message={message} onDone={onEditDone} />
        ) : system && message.system ? (
          <div className={styles.notice} data-testid="system-message" data-key={message.system.key}>
            <Icon name={message.system.key === 'new_sign_in' ? 'shield' : 'info'} size={18} />
            <p>{systemText(message.system)}</p>
          </div>
        ) : (
          <div className={`${markupStyles.markup} ${styles.text}`} data-testid="message-text">
            {renderMessage(message.content, message.entities)}
            {message.isEdited ? (
              <span className={styles.edited} data-testid="message-edited">
                {' '}
                {t('chat.edited')}
              </span>
            ) : null}
          </div>
        )}
        {message.linkPreview !== null && !editing ? <LinkEmbed preview={message.linkPreview} /> : null}
        {message.status === 'failed' && message.clientId ? (
          <p className={styles.failure} role="alert" data-testid="message-failed">
            <Icon name="error" size={14} />
            {t('chat.failed')}
            <button type="button" onClick={() => retrySend(message.clientId ?? '')} data-testid="message-retry">
              {t('chat.retrySend')}
            </button>
            <button type="button" onClick={() => discardFailed(message.clientId ?? '')}>
              {t('chat.discard')}
            </button>
          </p>
        ) : null}
        {message.status === 'sending' ? <span className="visually-hidden">{t('chat.sending')}</span> : null}
      </div>
      {canMenu ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.toolbarButton}
            aria-label={t('chat.actions')}
            aria-haspopup="menu"
            title={t('chat.more')}
            onClick={openMenuFromButton}
            data-testid="message-more"
          >
            <MoreIcon />
          </button>
        </div>
      ) : null}
    </article>
  );
});
