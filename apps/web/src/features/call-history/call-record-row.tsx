import { memo } from 'react';
import type { PublicUser } from '@beseda/protocol/user';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { formatClock, formatDateTime } from '../chats/message-text';
import { useCallBack } from './call-back';
import { summariseCallRecord, type CallRecord } from './call-summary';
import { useCallText } from './call-text';
import styles from './call-record-row.module.css';

export interface CallRecordRowProps {
  record: CallRecord;
  /** The message's id and time: the row is the chat's account of the call. */
  messageId: string | null;
  createdAt: string;
  viewerId: string;
  /** The other party, whom «Перезвонить» calls (unknown only if the chat's members are not loaded). */
  peer: PublicUser | undefined;
}

/**
 * A call in the direct chat (message kind RTCP, system key `call`), as Discord shows one: an event row with a phone
 * in the avatar's column, green for a call that happened and red for one that did not, the words from the viewer's
 * side («Исходящий звонок · 3m 12s», «Пропущенный звонок»), the time and «Перезвонить».
 */
export const CallRecordRow = memo(function CallRecordRow({
  record,
  messageId,
  createdAt,
  viewerId,
  peer,
}: CallRecordRowProps) {
  const { t } = useTranslation();
  const text = useCallText();
  const { busy, callBack } = useCallBack();
  const summary = summariseCallRecord(record, viewerId);
  const spoken =
    summary.durationSeconds === null
      ? text.outcome(summary)
      : `${text.outcome(summary)}, ${text.spokenDuration(summary.durationSeconds)}`;

  return (
    <article
      className={`${styles.record} ${summary.failed ? styles.failed : ''}`}
      data-testid="call-record"
      data-message-id={messageId ?? undefined}
      data-outcome={summary.outcome}
      aria-label={`${spoken}, ${formatDateTime(createdAt)}`}
    >
      <span className={styles.icon}>
        <Icon name="phone" size={18} strokeWidth={2} />
      </span>
      <p className={styles.line}>
        <span className={styles.text} data-testid="call-record-text">
          {text.summary(summary)}
        </span>
        <time className={styles.time} dateTime={createdAt} title={formatDateTime(createdAt)}>
          {formatClock(createdAt)}
        </time>
        <button
          type="button"
          className={styles.callBack}
          disabled={busy || !peer}
          onClick={() => {
            if (peer) callBack(peer, false);
          }}
          data-testid="call-record-call-back"
        >
          {t('calls.callBack')}
        </button>
      </p>
    </article>
  );
});
