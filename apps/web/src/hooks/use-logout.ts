// Logout (spec §2 dialog 4): clear local storage, reset cached API data, go to /.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/session';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    session.clear();
    queryClient.clear();
    void navigate(paths.marketing.home.path, { replace: true });
  }, [navigate, queryClient]);
}
