// Acknowledging an alert from the bell or the Performance Notifications page: the cached list shows who and when at once.
import type { TNotificationPage } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';
import { NOTIFICATIONS_QUERY_KEY } from './notifications';

type TListResponse = { status: 200; body: TNotificationPage; headers: Headers };

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return tsr.alerts.acknowledge.useMutation({
    onSuccess: (res, vars) =>
      queryClient.setQueryData<TListResponse>(NOTIFICATIONS_QUERY_KEY, (old) =>
        old
          ? {
              ...old,
              body: {
                ...old.body,
                data: old.body.data.map((n) =>
                  n._id === vars.params.id ? { ...n, acknowledgement: res.body.acknowledgement } : n,
                ),
              },
            }
          : old,
      ),
  });
}

/** "26 Nov, 07:12" in the viewer's locale and time zone. */
export const ackTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
