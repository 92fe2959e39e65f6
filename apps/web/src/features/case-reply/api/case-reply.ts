// The customer's conversation behind their mailed link, through the contract: read it, answer, say whether we put it right.
import type { TCustomerCaseView } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/api-client';

const keyOf = (token: string) => ['case-reply', token] as const;

export function useCustomerCase(token: string) {
  return tsr.caseLoop.customerView.useQuery({
    queryKey: keyOf(token),
    queryData: { params: { token } },
    retry: false,
  });
}

/** Both writes answer with the conversation as it now is: it replaces the one on screen. */
function useStore(token: string) {
  const client = useQueryClient();
  return (view: TCustomerCaseView) =>
    client.setQueryData(keyOf(token), (old: { status: number; body: TCustomerCaseView } | undefined) =>
      old ? { ...old, body: view } : { status: 200, body: view, headers: new Headers() },
    );
}

export function useCustomerAnswer(token: string) {
  const store = useStore(token);
  return tsr.caseLoop.customerAnswer.useMutation({ onSuccess: (res) => store(res.body) });
}

export function useRecoveryAnswer(token: string) {
  const store = useStore(token);
  return tsr.caseLoop.customerRecovery.useMutation({ onSuccess: (res) => store(res.body) });
}
