// The business's API keys (GET /integrations/api-keys), create (the key answered once) and revoke; each refreshes the list.
import { tsr } from '@/lib/api-client';

export const API_KEYS_QUERY_KEY = ['integrations', 'api-keys'] as const;

export function useApiKeys(enabled = true) {
  return tsr.integrations.listApiKeys.useQuery({ queryKey: API_KEYS_QUERY_KEY, enabled });
}

export function useApiKeyMutations() {
  const client = tsr.useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
  return {
    create: tsr.integrations.createApiKey.useMutation({ onSuccess }),
    revoke: tsr.integrations.revokeApiKey.useMutation({ onSuccess }),
  };
}
