// The caller's subscription, invoices, checkout (one idempotency key per click intent), confirmation and portal.
import type { TPlanId } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { tsr } from '@/lib/api-client';
import { hardNavigate } from '@/lib/hard-navigate';

export const SUBSCRIPTION_QUERY_KEY = ['plans', 'subscription'] as const;
export const INVOICES_QUERY_KEY = ['plans', 'invoices'] as const;

export function useMySubscription(enabled = true) {
  return tsr.plans.mySubscription.useQuery({ queryKey: SUBSCRIPTION_QUERY_KEY, staleTime: 0, enabled });
}

export function useInvoices(enabled: boolean) {
  return tsr.plans.invoices.useQuery({ queryKey: INVOICES_QUERY_KEY, enabled, retry: false });
}

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Starts Stripe Checkout and leaves for it. The key is kept per plan until the attempt fails, so a double click (or
 * a retry of a lost answer) gets the session the first click made instead of a second one.
 */
export function useStartCheckout() {
  const keys = useRef(new Map<TPlanId, string>());
  const mutation = tsr.plans.createCheckoutSession.useMutation();
  const start = async (plan: TPlanId) => {
    let key = keys.current.get(plan);
    if (!key) {
      key = newKey();
      keys.current.set(plan, key);
    }
    try {
      const res = await mutation.mutateAsync({ body: { plan, idempotencyKey: key } });
      hardNavigate(res.body.url);
    } catch (error) {
      keys.current.delete(plan);
      throw error;
    }
  };
  return { start, isPending: mutation.isPending, plan: mutation.variables?.body.plan ?? null };
}

export function useOpenPortal() {
  const mutation = tsr.plans.createPortalSession.useMutation();
  const open = async () => {
    const res = await mutation.mutateAsync({});
    hardNavigate(res.body.url);
  };
  return { open, isPending: mutation.isPending };
}

/** /payment-success: the server reads the session back from Stripe and applies it; the cached views refresh. */
export function useConfirmCheckout() {
  const queryClient = useQueryClient();
  return tsr.plans.confirmCheckout.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plans'] }),
  });
}
