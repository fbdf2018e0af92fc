import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Chat } from '@beseda/protocol/chats';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { createLogger } from '../../lib/logger';
import { useUserStore } from '../auth/user-store';
import { useAutoHeight } from './auto-textarea';
import { sendTyping } from './chats-api';
import { isApiError } from '../../lib/api/api-error';
import { sendText, useSlowedDown } from './chats-store';
import { useChatTitle } from './chat-display';
import {
  filterCandidates,
  findMentionQuery,
  insertMention,
  isCompleteMention,
  type MentionQuery,
} from './mention-query';
import { MentionList } from './mention-list';
import { LinkPreviewCard } from './link-preview/link-preview-card';
import { useDraftLinkPreview } from './link-preview/use-draft-link-preview';
import { createTypingNotifier, TYPING_REPEAT_MS } from './typing-notifier';
import styles from './composer.module.css';

const log = createLogger('chats');
const MAX_HEIGHT = 50 * 8;

/**
 * The message input (spec §2, shown only when `canWrite`): Enter sends, Shift+Enter breaks the line, blank is not
 * sent; `@` + letters offers the chat's members; typing is announced and withdrawn after 1 s idle; the draft's first
 * https link gets a preview card above the input (closing it sends the message without a preview).
 */
export interface ComposerProps {
  chat: Chat;
  /** Instead of «Написать <name>» (a group channel says «Написать в #…»). */
  placeholder?: string | undefined;
}

export function Composer({ chat, placeholder }: ComposerProps) {
  const { t } = useTranslation();
  const meId = useUserStore((state) => state.id);
  const title = useChatTitle()(chat);
  const [value, setValue] = useState('');
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [selected, setSelected] = useState(0);
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  useAutoHeight(ref, value, MAX_HEIGHT);
  const linkPreview = useDraftLinkPreview(value);

  const slowedDown = useSlowedDown(chat.id);
  const notifier = useMemo(() => {
    const typing = createTypingNotifier({
      send: (isTyping) =>
        sendTyping(chat.id, isTyping).catch((error: unknown) => {
          log.debug('Typing not delivered', error);
          // Typing is a courtesy: over the limit, stay quiet until the server allows more.
          if (isApiError(error, 429)) typing.holdOff(error.retryAfterMs ?? TYPING_REPEAT_MS);
        }),
    });
    return typing;
  }, [chat.id]);
  useEffect(() => () => notifier.stop(), [notifier]);

  // Mounted per chat (keyed by its id): a new chat starts with an empty, focused input.
  useEffect(() => ref.current?.focus(), []);

  const candidates = useMemo(
    () =>
      mention
        ? filterCandidates(
            chat.chatUsers.filter((user) => user.id !== meId),
            mention.query,
          )
        : [],
    [mention, chat.chatUsers, meId],
  );
  const listOpen = mention !== null && candidates.length > 0;

  const updateMention = (text: string, caret: number) => {
    const next = findMentionQuery(text, caret);
    setMention(next);
    if (next?.query !== mention?.query) setSelected(0);
  };

  const pick = (nickname: string) => {
    const element = ref.current;
    if (!element || !mention) return;
    const result = insertMention(value, mention, element.selectionStart, nickname);
    setValue(result.text);
    setMention(null);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(result.caret, result.caret);
    });
  };

  const send = () => {
    if (!sendText(chat.id, value, { noLinkPreview: linkPreview.dismissed })) return;
    setValue('');
    linkPreview.reset();
    setMention(null);
    notifier.sent();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (listOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setSelected((index) => (index + step + candidates.length) % candidates.length);
        return;
      }
      const completesNothing = event.key === 'Enter' && mention !== null && isCompleteMention(mention, candidates);
      if ((event.key === 'Enter' && !completesNothing) || event.key === 'Tab') {
        event.preventDefault();
        const candidate = candidates[selected];
        if (candidate) pick(candidate.nickname);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.composer}>
      {listOpen ? (
        <MentionList
          id={listId}
          candidates={candidates}
          selected={selected}
          onHover={setSelected}
          onPick={(candidate) => pick(candidate.nickname)}
        />
      ) : null}
      {linkPreview.preview !== null ? (
        <LinkPreviewCard preview={linkPreview.preview} onClose={linkPreview.dismiss} />
      ) : null}
      <div className={styles.box}>
        <textarea
          ref={ref}
          className={styles.input}
          value={value}
          rows={1}
          placeholder={placeholder ?? t('chat.composerPlaceholder', { name: title })}
          aria-label={t('chat.composerLabel')}
          aria-autocomplete="list"
          // No aria-expanded: a textarea is a textbox, which does not take it (axe: aria-allowed-attr); the open
          // suggestion list is announced through aria-controls and aria-activedescendant.
          aria-controls={listOpen ? listId : undefined}
          aria-activedescendant={listOpen ? `${listId}-${selected}` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            updateMention(event.target.value, event.target.selectionStart);
            if (event.target.value.trim() === '') notifier.stop();
            else notifier.input();
          }}
          onSelect={(event) => updateMention(event.currentTarget.value, event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setMention(null)}
          data-testid="composer-input"
        />
        <button
          type="button"
          className={styles.send}
          onClick={send}
          disabled={value.trim() === ''}
          aria-label={t('chat.send')}
          data-testid="composer-send"
        >
          <Icon name="send" size={20} />
        </button>
      </div>
      {slowedDown ? (
        <p className={styles.notice} role="status" data-testid="composer-slow-down">
          <Icon name="info" size={14} />
          {t('chat.sendingTooFast')}
        </p>
      ) : null}
    </div>
  );
}
