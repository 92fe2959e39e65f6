// The business's alert channels (Slack, Teams, email) through the contract client: list, connect, remove, test.
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const ALERT_CHANNELS_QUERY_KEY = ['alert-channels'] as const;

export const useAlertChannels = () =>
  tsr.alerts.listChannels.useQuery({ queryKey: ALERT_CHANNELS_QUERY_KEY });

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ALERT_CHANNELS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['alert-channel-options'] }),
    ]);
}

export const useCreateAlertChannel = () => tsr.alerts.createChannel.useMutation({ onSuccess: useRefresh() });
export const useDeleteAlertChannel = () => tsr.alerts.deleteChannel.useMutation({ onSuccess: useRefresh() });
export const useTestAlertChannel = () => tsr.alerts.testChannel.useMutation();
