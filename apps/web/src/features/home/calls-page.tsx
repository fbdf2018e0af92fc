import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';
import { Spinner } from '../../ui/spinner';
import { useUserStore } from '../auth/user-store';
import { CallHistoryList } from '../call-history/call-history-list';
import { markMissedCallsSeen, useCallHistory, useMissedCallCount } from '../call-history/call-history-queries';
import { historyRows } from '../call-history/call-history-state';
import { useTabVisible } from '../call-history/use-tab-visible';

/**
 * Spec §2 calls page `/channels/@me/calls`: the call history, loaded on entry, as a virtual list. While it is in view
 * the missed calls count as seen: the home button's badge clears here and on the user's other tabs.
 */
export function CallsPage() {
  const { t } = useTranslation();
  const userId = useUserStore((state) => state.id);
  const history = useCallHistory(userId);
  const missed = useMissedCallCount();
  const visible = useTabVisible();

  useEffect(() => {
    // Seen once the page is in view (as a chat is read, chats-store.ts). A failed mark leaves the badge; the next
    // missed call, the tab coming back into view or the next visit tries again.
    if (missed > 0 && visible) markMissedCallsSeen(userId).catch(() => undefined);
  }, [missed, visible, userId]);

  const data = history.data;
  const rows = useMemo(() => (data ? historyRows(data) : []), [data]);
  const loaded = data?.loaded === true;

  let body: ReactNode;
  if (loaded && rows.length > 0) {
    body = <CallHistoryList userId={userId} rows={rows} hasMore={data?.nextCursor != null} />;
  } else if (history.isError && !loaded) {
    body = (
      <EmptyState icon="call" title={t('calls.loadFailed')} hint={t('calls.loadFailedHint')} fill testId="calls-error">
        <Button variant="secondary" onClick={() => void history.refetch()}>
          {t('calls.retry')}
        </Button>
      </EmptyState>
    );
  } else if (loaded) {
    body = <EmptyState icon="call" title={t('calls.empty')} hint={t('calls.emptyHint')} fill testId="calls-empty" />;
  } else {
    body = (
      <div className={page.center} data-testid="calls-loading">
        <Spinner size={32} label={t('calls.loading')} />
      </div>
    );
  }

  return (
    <>
      <PageHeader icon="call" title={t('calls.title')} />
      <div className={page.body} data-testid="calls-page">
        {body}
      </div>
    </>
  );
}
