import { memo } from 'react';
import type { DirectCall } from '@beseda/protocol/direct-calls';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Icon, type IconName } from '../../ui/icon';
import { Tooltip } from '../../ui/tooltip';
import { formatDateTime } from '../chats/message-text';
import { useCallBack } from './call-back';
import { summariseHistoryCall } from './call-summary';
import { useCallText } from './call-text';
import styles from './call-history.module.css';

export interface CallHistoryRowProps {
  call: DirectCall;
  now: Date;
}

function CallButton({
  icon,
  label,
  disabled,
  onClick,
  testId,
}: {
  icon: IconName;
  label: string;
  disabled: boolean;
  onClick(): void;
  testId: string;
}) {
  return (
    <Tooltip label={label} side="top">
      <button
        type="button"
        className={styles.callButton}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        <Icon name={icon} size={20} />
      </button>
    </Tooltip>
  );
}

/** One call of the history (72 px): who, which way and how it went, how long, when, and the buttons to call back. */
export const CallHistoryRow = memo(function CallHistoryRow({ call, now }: CallHistoryRowProps) {
  const { t } = useTranslation();
  const text = useCallText();
  const { busy, callBack } = useCallBack();
  const summary = summariseHistoryCall(call);
  const name = call.user.name || call.user.nickname;
  const when = text.when(call.startedAt, now);
  const seconds = summary.durationSeconds;

  return (
    <div
      className={styles.row}
      data-testid="call-row"
      data-call-id={call.id}
      data-outcome={summary.outcome}
      data-direction={call.direction}
    >
      <Avatar id={call.user.id} name={name} url={call.user.avatarUrl} size={40} />
      <div className={styles.info}>
        <p className={styles.nameLine}>
          <span className={styles.name} data-testid="call-row-name">
            {call.user.nickname}
          </span>
          <span className={styles.whenInline} aria-hidden="true">
            {when}
          </span>
        </p>
        <p className={`${styles.status} ${summary.failed ? styles.failed : ''}`}>
          <Icon
            name={call.direction === 'INCOMING' ? 'arrowIncoming' : 'arrowOutgoing'}
            size={16}
            strokeWidth={2.2}
            className={styles.direction}
            data-testid="call-row-direction"
          />
          <span data-testid="call-row-status">{text.outcome(summary)}</span>
          {seconds !== null ? (
            <>
              <span className={styles.dot} aria-hidden="true">
                ·
              </span>
              <span data-testid="call-row-duration">
                <span aria-hidden="true">{text.duration(seconds)}</span>
                <span className="visually-hidden">{text.spokenDuration(seconds)}</span>
              </span>
            </>
          ) : null}
          {call.video ? (
            <Icon name="camera" size={14} className={styles.videoMark} label={t('calls.videoCall')} />
          ) : null}
        </p>
      </div>
      <time className={styles.when} dateTime={call.startedAt} title={formatDateTime(call.startedAt)}>
        {when}
      </time>
      <div className={styles.actions}>
        <CallButton
          icon="phone"
          label={t('calls.voiceCall', { name: call.user.nickname })}
          disabled={busy}
          onClick={() => callBack(call.user, false)}
          testId="call-row-voice"
        />
        <CallButton
          icon="camera"
          label={t('calls.videoCallTo', { name: call.user.nickname })}
          disabled={busy}
          onClick={() => callBack(call.user, true)}
          testId="call-row-video"
        />
      </div>
    </div>
  );
});
