// The realtime socket (spec §7/§9 settings): JWT in the handshake, `register` on connect, pushes into the query cache;
// a server-side disconnect (the member was removed or their role changed, #21) re-reads the profile.
import { REALTIME_EVENTS, type TNotification, type TRatingPush } from '@cx/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { io } from 'socket.io-client';
import { toaster } from '@/components/ui/toaster';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { CURRENT_USER_QUERY_KEY, PROFILE_QUERY_KEY } from '@/features/auth/api/profile';
import { toSessionUser } from '@/features/auth/api/session-user';
import { tsr } from '@/lib/api-client';
import { ANALYTICS_QUERY_KEY } from '@/lib/analytics/settings';
import { liveRatings } from '@/lib/live-ratings';
import { session, useSession } from '@/lib/session';
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
/** socket.io's reason when the server closed the socket on purpose (it does not reconnect by itself). */
export const SERVER_DISCONNECT = 'io server disconnect';

export function useRealtime(): void {
  const { token, user } = useSession();
  const queryClient = tsr.useQueryClient();
  const navigate = useNavigate();
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
    // Discovery found new themes: the theme panels re-read now, not at their next poll.
    socket.on(REALTIME_EVENTS.themes, () => {
      void queryClient.invalidateQueries({ queryKey: [...ANALYTICS_QUERY_KEY, 'themes'] });
    });
    socket.on('disconnect', (reason: string) => {
      if (reason !== SERVER_DISCONNECT) return;
      // Removed or re-roled: the profile says which. A 401 or 403 NO_BUSINESS reaches the app's one handler instead.
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      queryClient.users.me
        .fetchQuery({ queryKey: CURRENT_USER_QUERY_KEY, staleTime: 0 })
        .then(({ body }) => {
          if (!session.getToken()) return;
          session.setUser(toSessionUser(body.user));
          // A password changed in this tab renewed the token: the socket opened for the new one replaces this one.
          if (session.getToken() !== token) return;
          if (body.user.role === null) void navigate(paths.team.noAccess.path, { replace: true });
          // Still a member (e.g. other stores now): the open page re-reads its figures, and the socket comes back.
          else {
            void queryClient.invalidateQueries({ type: 'active' });
            socket.connect();
          }
        })
        .catch(() => undefined);
    });
    return () => {
      socket.disconnect();
    };
  }, [token, userId, queryClient, navigate]);
}
