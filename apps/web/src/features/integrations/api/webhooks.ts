// The business's webhook endpoints and their delivery logs; every change refreshes the list (and the log it touches).
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const WEBHOOKS_QUERY_KEY = ['integrations', 'webhooks'] as const;
export const deliveriesKey = (id: string, page: number) =>
  ['integrations', 'webhooks', id, 'deliveries', page] as const;

/** Endpoints per page of the list (a business may have up to WEBHOOK_ENDPOINTS_MAX). */
export const WEBHOOKS_PAGE_SIZE = 20;

/** One page of endpoints, newest first; the previous page stays on screen while the next loads. */
export function useWebhooks(page: number) {
  return tsr.integrations.listWebhooks.useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'page', page],
    queryData: { query: { page, pageSize: WEBHOOKS_PAGE_SIZE } },
    placeholderData: keepPreviousData,
  });
}

export function useWebhookDeliveries(id: string, page: number, pageSize = 10) {
  return tsr.integrations.listWebhookDeliveries.useQuery({
    queryKey: deliveriesKey(id, page),
    queryData: { params: { id }, query: { page, pageSize } },
  });
}

export function useWebhookMutations() {
  const client = tsr.useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  return {
    create: tsr.integrations.createWebhook.useMutation({ onSuccess }),
    update: tsr.integrations.updateWebhook.useMutation({ onSuccess }),
    remove: tsr.integrations.deleteWebhook.useMutation({ onSuccess }),
    rotate: tsr.integrations.rotateWebhookSecret.useMutation({ onSuccess }),
    test: tsr.integrations.testWebhook.useMutation({ onSuccess }),
    redeliver: tsr.integrations.redeliverWebhook.useMutation({ onSuccess }),
  };
}
