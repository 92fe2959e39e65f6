// Alert rules and quiet hours for the Performance Notifications page, through the contract client.
import type { TRuleType } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const RULES_QUERY_KEY = ['notification-rules'] as const;
export const NOTIFICATION_SETTINGS_QUERY_KEY = ['notification-settings'] as const;

export const useRules = () => tsr.notifications.listRules.useQuery({ queryKey: RULES_QUERY_KEY });
export const useNotificationSettings = () =>
  tsr.notifications.getSettings.useQuery({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY });

function useInvalidateRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
}

export const useCreateRule = () =>
  tsr.notifications.createRule.useMutation({ onSuccess: useInvalidateRules() });
export const useUpdateRule = () =>
  tsr.notifications.updateRule.useMutation({ onSuccess: useInvalidateRules() });
export const useDeleteRule = () =>
  tsr.notifications.deleteRule.useMutation({ onSuccess: useInvalidateRules() });
export const useUpdateSettings = () => {
  const queryClient = useQueryClient();
  return tsr.notifications.updateSettings.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY }),
  });
};

export const RULE_LABELS: Record<TRuleType, { title: string; description: string }> = {
  'low-rating': {
    title: 'Low rating',
    description: 'Each rating at or below a number of stars, with its comment.',
  },
  'low-share-window': {
    title: 'Many low ratings in a short time',
    description: 'Once per episode, when the share of low ratings over the last minutes reaches a level.',
  },
  'staff-average': {
    title: "A person's 7-day average",
    description:
      'When someone’s average over the last 7 days falls below a level, once they have the league table’s minimum number of ratings.',
  },
  'flagged-burst': {
    title: 'Burst of flagged ratings',
    description: 'Possible gaming: many ratings flagged at one store within minutes.',
  },
  'visit-allowance': {
    title: 'Tracked visit allowance',
    description: "At 80 % and 100 % of the plan's monthly tracked visits.",
  },
  'below-target': {
    title: 'Below target for days',
    description:
      'When a store has been below its target (its own or its area’s) on each of the last days, checked once each day has closed in the store’s time zone.',
  },
  keyword: {
    title: 'Keyword or theme',
    description:
      'Each rating whose comment or tapped chips mention one of your words or phrases (a refund, a manager, “Order wrong”).',
  },
  summary: {
    title: 'Email summary',
    description: 'Daily or weekly figures by email at a chosen local hour.',
  },
};

/** The channels a rule may post to (names only; owners and admins connect them on the Integrations page). */
export const useChannelOptions = () =>
  tsr.alerts.channelOptions.useQuery({ queryKey: ['alert-channel-options'] });

/** Who an escalation may go to: the business's members (for those who may see the team). */
export const useEscalationMembers = (enabled: boolean) =>
  tsr.team.members.useQuery({ queryKey: ['team'], enabled });
