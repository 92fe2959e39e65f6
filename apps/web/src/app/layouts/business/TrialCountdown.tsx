// The top bar's trial countdown for the owner (who pays): days left until the business's trial ends, linking to My
// Subscription. Read from the signed-in user (refreshed on every navigation), so it needs no call of its own.
import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left, rounded up (a trial ending in 3 hours still has "1 day left"); 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: string, now = Date.now()): number {
  const end = Date.parse(trialEndsAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

export function trialCountdownText(days: number): string {
  if (days === 0) return 'Trial ends today';
  return `${days} ${days === 1 ? 'day' : 'days'} left in your trial`;
}

export function TrialCountdown() {
  const { user } = useSession();
  const trialEndsAt = typeof user?.trialEndsAt === 'string' ? user.trialEndsAt : null;
  if (user?.role !== 'owner' || user.subscriptionStatus !== 'trialing' || !trialEndsAt) return null;
  return (
    <Text fontSize={{ base: 'xs', md: 'sm' }} truncate>
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={paths.business.mySubscription.path}>
          {trialCountdownText(trialDaysLeft(trialEndsAt))}
        </RouterLink>
      </Link>
    </Text>
  );
}
