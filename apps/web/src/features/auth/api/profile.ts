// The signed-in user's profile (cached under the PROFILE key, spec §7) and the current-user fetch.
import { tsr } from '@/lib/api-client';

/** Spec §7: get-profile is cached under PROFILE; update-profile and select-store invalidate it. */
export const PROFILE_QUERY_KEY = ['PROFILE'] as const;
export const CURRENT_USER_QUERY_KEY = ['users', 'me'] as const;

export function useProfile(enabled: boolean) {
  return tsr.users.getProfile.useQuery({ queryKey: PROFILE_QUERY_KEY, enabled, staleTime: 0 });
}

export function useUpdateProfile() {
  return tsr.users.updateProfile.useMutation();
}
