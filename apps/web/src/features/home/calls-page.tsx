import { PlaceholderPage } from '../../app/layout/placeholder-page';

export function CallsPage() {
  return (
    <PlaceholderPage icon="call" title="calls.title" empty="calls.empty" hint="calls.emptyHint" testId="calls-empty" />
  );
}
