import { PlaceholderPage } from '../../app/layout/placeholder-page';

export function CalendarPage() {
  return (
    <PlaceholderPage
      icon="calendar"
      title="calendar.title"
      empty="calendar.empty"
      hint="calendar.emptyHint"
      testId="calendar-empty"
    />
  );
}
