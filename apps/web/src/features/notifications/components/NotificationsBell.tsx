// The top bar's bell: unread count, the 360 px panel (list, empty text, mark all as read) and the realtime socket.
import {
  Avatar,
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Popover,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TNotification } from '@cx/contracts';
import { LuBell } from 'react-icons/lu';
import { LoadingRows } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import type { TRouteId } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { apiImage } from '@/lib/image-sources';
import { unreadCount, useMarkAllRead, useNotifications } from '../api/notifications';
import { useRealtime } from '../api/realtime';
import { AcknowledgeAlert } from './AcknowledgeAlert';
import { relativeTime, sanitizeMessage } from './safe-html';

/** Spec §8 / §2: texts shown as written. */
export const NO_NOTIFICATIONS = 'No notification found!';
export const MARK_READ_FALLBACK = 'An error occurred';

function NotificationItem({ notification }: { notification: TNotification }) {
  return (
    <HStack
      as="li"
      align="start"
      gap="3"
      p="2"
      rounded="md"
      bg={notification.isUnRead ? 'brand.subtle' : undefined}
      data-unread={notification.isUnRead || undefined}
    >
      {notification.image ? (
        <Avatar.Root size="sm">
          <Avatar.Image {...apiImage(notification.image, 40)} alt="" />
          <Avatar.Fallback />
        </Avatar.Root>
      ) : null}
      <Box flex="1" minW="0">
        <Text fontSize="sm" dangerouslySetInnerHTML={{ __html: sanitizeMessage(notification.message) }} />
        <Text fontSize="xs" color="fg.muted">
          <time dateTime={notification.createdAt}>{relativeTime(notification.createdAt)}</time>
        </Text>
        <AcknowledgeAlert notification={notification} />
      </Box>
    </HStack>
  );
}

export function NotificationsBell() {
  useRealtime();
  const query = useNotifications();
  const markAll = useMarkAllRead();
  const page = query.data?.body;
  const unread = unreadCount(page);
  const list = page?.data ?? [];

  const onMarkAll = () =>
    markAll.mutate(
      {},
      { onError: (error) => toaster.error({ title: apiErrorMessage(error, MARK_READ_FALLBACK) }) },
    );

  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          variant="ghost"
          rounded="full"
          size={{ base: 'sm', md: 'md' }}
          position="relative"
          data-feature="notifications"
          data-route={'notifications.list' satisfies TRouteId}
        >
          <LuBell />
          {unread > 0 ? (
            <Badge
              data-testid="unread-count"
              position="absolute"
              top="0"
              insetEnd="0"
              colorPalette="red"
              variant="solid"
              rounded="full"
              size="xs"
              aria-hidden
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            width={{ base: 'calc(100vw - 32px)', sm: '360px' }}
            aria-label="Notifications panel"
            data-feature="notifications"
          >
            <Popover.Arrow />
            <Popover.Body p="3">
              <Flex align="center" justify="space-between" mb="2" gap="2">
                <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="brand"
                  onClick={onMarkAll}
                  loading={markAll.isPending}
                  disabled={unread === 0}
                >
                  mark all as read
                </Button>
              </Flex>
              {query.isPending ? (
                <LoadingRows label="Loading notifications" rows={3} height="10" />
              ) : query.isError ? (
                <Stack gap="2" role="alert">
                  <Text color="fg.error">{apiErrorMessage(query.error)}</Text>
                  <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
                    Try again
                  </Button>
                </Stack>
              ) : list.length === 0 ? (
                <Text color="fg.muted">{NO_NOTIFICATIONS}</Text>
              ) : (
                <Stack
                  as="ul"
                  gap="1"
                  maxH="420px"
                  overflowY="auto"
                  listStyleType="none"
                  aria-label="Notifications list"
                >
                  {list.map((n) => (
                    <NotificationItem key={n._id} notification={n} />
                  ))}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
