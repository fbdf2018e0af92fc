import { useCallback, useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { HISTORY_ROW_HEIGHT } from '@beseda/protocol/constants';
import type { DirectCall } from '@beseda/protocol/direct-calls';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/spinner';
import { useNow } from '../chats/use-now';
import { loadOlderCalls } from './call-history-queries';
import { CallHistoryRow } from './call-history-row';
import { HISTORY_OVERSCAN_ROWS, historyRange, needsOlderPage } from './history-window';
import styles from './call-history.module.css';

export interface CallHistoryListProps {
  userId: string;
  rows: readonly DirectCall[];
  /** Older pages wait on the server. */
  hasMore: boolean;
}

type OlderState = 'idle' | 'loading' | 'failed';

/**
 * The history as a virtual list (@tanstack/react-virtual, spec §9): fixed 72 px rows keyed by call id, a 200 px
 * buffer, at most 1000 rows in the DOM; the next page loads as the end comes near.
 */
export function CallHistoryList({ userId, rows, hasMore }: CallHistoryListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const [older, setOlder] = useState<OlderState>('idle');

  // The virtualizer re-renders this component through its own state on every scroll; nothing here depends on the
  // compiler memoising around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => HISTORY_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: HISTORY_OVERSCAN_ROWS,
    rangeExtractor: historyRange,
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index;

  const loadOlder = useCallback(() => {
    setOlder('loading');
    loadOlderCalls(userId).then(
      () => setOlder('idle'),
      () => setOlder('failed'),
    );
  }, [userId]);

  useEffect(() => {
    if (hasMore && older === 'idle' && needsOlderPage(lastRendered, rows.length)) loadOlder();
  }, [hasMore, older, lastRendered, rows.length, loadOlder]);

  return (
    <div ref={scrollRef} className={styles.scroll} data-testid="call-history">
      <div
        className={styles.inner}
        style={{ height: virtualizer.getTotalSize() }}
        role="list"
        aria-label={t('calls.listLabel')}
        aria-busy={older === 'loading' || undefined}
      >
        {items.map((item) => {
          const call = rows[item.index];
          if (!call) return null;
          return (
            <div
              key={item.key}
              className={styles.slot}
              style={{ transform: `translateY(${item.start}px)` }}
              role="listitem"
              aria-setsize={hasMore ? -1 : rows.length}
              aria-posinset={item.index + 1}
            >
              <CallHistoryRow call={call} now={now} />
            </div>
          );
        })}
      </div>
      {hasMore ? (
        <div className={styles.more} data-testid="call-history-more">
          {older === 'failed' ? (
            <p className={styles.moreFailed} role="alert">
              {t('calls.loadMoreFailed')}
              <button type="button" className={styles.link} onClick={loadOlder}>
                {t('calls.retry')}
              </button>
            </p>
          ) : (
            <Spinner size={20} label={t('calls.loadingMore')} />
          )}
        </div>
      ) : null}
    </div>
  );
}
