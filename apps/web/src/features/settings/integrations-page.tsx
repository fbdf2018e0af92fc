import { PlaceholderPage } from '../../app/layout/placeholder-page';

/** Spec §2: a placeholder saying integrations are coming soon. */
export function IntegrationsPage() {
  return (
    <PlaceholderPage
      icon="plug"
      title="settings.integrations"
      empty="settings.integrationsEmpty"
      hint="settings.integrationsHint"
      testId="integrations-empty"
    />
  );
}
