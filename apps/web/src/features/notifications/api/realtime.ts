// The realtime socket (spec §7/§9 settings): JWT in the handshake, `register` on connect, pushes into the query cache.
import { REALTIME_EVENTS, type TNotification, type TRatingPush } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { toaster } from '@/components/ui/toaster';
import { env } from '@/config/env';
import { liveRatings } from '@/lib/live-ratings';
import { useSession } from '@/lib/session';
import { prependNotification } from './notifications';

/** Spec §9: realtime client defaults. */
export const SOCKET_OPTIONS = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
  randomizationFactor: 0.5,
} as const;

/** Plain text of a server-built message, for the toast. */
export function messageText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** One socket per signed-in tab while the business layout is open; reconnects with a new token after login. */
export function useRealtime(): void {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?._id ?? user?.id;
  useEffect(() => {
    if (!token) return;
    const socket = io(env.socketUrl, { ...SOCKET_OPTIONS, auth: { token } });
    socket.on('connect', () => {
      if (userId) socket.emit(REALTIME_EVENTS.register, userId);
    });
    socket.on(REALTIME_EVENTS.notification, (notification: TNotification) => {
      prependNotification(queryClient, notification);
      toaster.create({
        type: 'info',
        title: 'New notification',
        description: messageText(notification.message),
      });
    });
    socket.on(REALTIME_EVENTS.rating, (rating: TRatingPush) => liveRatings.publish(rating));
    return () => {
      socket.disconnect();
    };
  }, [token, userId, queryClient]);
}
