// The chain's brand under one cache key; every change refreshes it (posters and QR pages read it on the server).
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

export const BRAND_QUERY_KEY = ['brand'] as const;

export function useBrand() {
  return tsr.brand.get.useQuery({ queryKey: BRAND_QUERY_KEY });
}

export function useBrandChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: BRAND_QUERY_KEY });
  return {
    update: tsr.brand.update.useMutation({ onSettled }),
    uploadLogo: tsr.brand.uploadLogo.useMutation({ onSettled }),
    removeLogo: tsr.brand.removeLogo.useMutation({ onSettled }),
  };
}
