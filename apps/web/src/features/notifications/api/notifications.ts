// The bell's data: the first page of notifications (unread count from isUnRead) and "mark all as read".
import type { TNotification, TNotificationPage } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const NOTIFICATIONS_PAGE_SIZE = 20;

type TListResponse = { status: 200; body: TNotificationPage; headers: Headers };

export function useNotifications(enabled = true) {
  return tsr.notifications.list.useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryData: { query: { page: 1, limit: NOTIFICATIONS_PAGE_SIZE } },
    enabled,
  });
}

/** Spec §4: the unread count is derived from isUnRead (all pages, as the server counts them). */
export function unreadCount(page: TNotificationPage | undefined): number {
  if (!page) return 0;
  return Math.max(page.unread, page.data.filter((n) => n.isUnRead).length);
}

/** Spec §4: a pushed notification goes to the top of the list at once. */
export function prependNotification(
  queryClient: ReturnType<typeof useQueryClient>,
  notification: TNotification,
): void {
  queryClient.setQueryData<TListResponse>(NOTIFICATIONS_QUERY_KEY, (old) => {
    if (!old) return old;
    if (old.body.data.some((n) => n._id === notification._id)) return old;
    const body = old.body;
    return {
      ...old,
      body: {
        ...body,
        data: [notification, ...body.data].slice(0, Math.max(body.limit, body.data.length)),
        total: body.total + 1,
        unread: body.unread + (notification.isUnRead ? 1 : 0),
      },
    };
  });
}

/** Spec §4: after a successful mark-all-as-read, every notification is set read locally. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return tsr.notifications.markRead.useMutation({
    onSuccess: () =>
      queryClient.setQueryData<TListResponse>(NOTIFICATIONS_QUERY_KEY, (old) =>
        old
          ? {
              ...old,
              body: { ...old.body, unread: 0, data: old.body.data.map((n) => ({ ...n, isUnRead: false })) },
            }
          : old,
      ),
  });
}
