// The plans view of the auth dialog ("Get Reviews"): the plans from GET /plans, then sign-up or My Subscription.
import { Button, Stack, Text } from '@chakra-ui/react';
import { QueryStates } from '@/components/LoadState';
import { PlanCards } from '@/components/PlanCards';
import { usePlans } from '@/lib/plans-query';

export type TPlansViewProps = {
  /** Visitors are offered sign-up, signed-in users go on to their subscription page. */
  actionLabel: string;
  onChoose: () => void;
  /** Said instead of the action when the member's role cannot act on plans (billing is the owner's, #36). */
  refusal?: string;
};

export function PlansView({ actionLabel, onChoose, refusal }: TPlansViewProps) {
  const plans = usePlans();
  return (
    <Stack gap="5">
      <QueryStates query={plans} loading={{ label: 'Loading plans', rows: 2, height: '24' }} what="the plans">
        {() => <PlanCards plans={plans.data?.body.plans ?? []} />}
      </QueryStates>
      {refusal ? (
        <Text color="fg.muted" textAlign="center">
          {refusal}
        </Text>
      ) : (
        <Button colorPalette="brand" size="lg" onClick={onChoose}>
          {actionLabel}
        </Button>
      )}
    </Stack>
  );
}
