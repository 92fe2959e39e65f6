// /integrations (Owner and Admin): the business's connections to other systems, one section per kind, stacked.
import { Stack } from '@chakra-ui/react';
import { ACCESS_MESSAGES } from '@cx/contracts';
import type { ComponentType } from 'react';
import { AccessRefusal } from '@/components/AccessRefusal';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useAccess } from '@/lib/role';
import { AlertChannelsPanel } from '../components/AlertChannelsPanel';
import { ApiKeysPanel } from '../components/ApiKeysPanel';
import { WebhooksPanel } from '../components/WebhooksPanel';

/**
 * The page's sections in order. Each is self-contained (its own queries, dialogs and states) and renders a
 * `<section>` with an h2: a new kind of integration (webhooks, alert channels) is one more entry here.
 */
export const INTEGRATION_SECTIONS: ReadonlyArray<{ id: string; Component: ComponentType }> = [
  { id: 'api-keys', Component: ApiKeysPanel },
  { id: 'webhooks', Component: WebhooksPanel },
  { id: 'alert-channels', Component: AlertChannelsPanel },
];

export function IntegrationsPage() {
  const access = useAccess();
  const allowed = access.can('integrations:manage');
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.integrations.title}
        description="Connect your other systems to this business's feedback."
      />
      {!allowed ? (
        <AccessRefusal message={ACCESS_MESSAGES.forbidden} />
      ) : (
        <Stack gap="10">
          {INTEGRATION_SECTIONS.map(({ id, Component }) => (
            <Component key={id} />
          ))}
        </Stack>
      )}
    </section>
  );
}
