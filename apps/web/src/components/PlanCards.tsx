// The plans as displayed (spec §3, §9): the basic plan with its features, then the longer plans with the original
// price struck through, the saving, the price and the renewal. Optionally one "choose" button per plan.
import { Badge, Box, Button, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TPlan, TPlanId } from '@cx/contracts';
import { LuCheck } from 'react-icons/lu';
import { routeAttrs, type TRouteId } from '@/lib/actions';

export type TPlanCardsProps = {
  plans: readonly TPlan[];
  /** Shown on each plan's button; without it the cards are display only. */
  chooseLabel?: (plan: TPlan) => string;
  /** The route a choice calls (the role walk reads it from the button). */
  chooseRoute?: TRouteId;
  onChoose?: (plan: TPlan) => void;
  /** The plan whose checkout is starting (its button spins, the others wait). */
  busyPlan?: TPlanId | null;
  currentPlan?: TPlanId | null;
};

function ChooseButton({ plan, props }: { plan: TPlan; props: TPlanCardsProps }) {
  if (!props.onChoose || !props.chooseLabel) return null;
  return (
    <Button
      {...(props.chooseRoute ? routeAttrs(props.chooseRoute) : {})}
      colorPalette="brand"
      variant={plan.id === 'basic-monthly' ? 'solid' : 'outline'}
      size="sm"
      mt="2"
      loading={props.busyPlan === plan.id}
      disabled={Boolean(props.busyPlan) && props.busyPlan !== plan.id}
      onClick={() => props.onChoose?.(plan)}
    >
      {props.chooseLabel(plan)}
    </Button>
  );
}

export function PlanCards(props: TPlanCardsProps) {
  const [basic, ...longer] = props.plans;
  return (
    <Stack gap="4">
      {basic ? (
        <Box borderWidth="2px" borderColor="brand.solid" borderRadius="xl" p="5" bg="bg">
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="4">
            <Stack gap="1" align="flex-start">
              <Heading as="h3" size="md">
                {basic.name}
                {props.currentPlan === basic.id ? (
                  <Badge ms="2" colorPalette="brand">
                    Current plan
                  </Badge>
                ) : null}
              </Heading>
              <Text>
                <Text as="span" fontSize="3xl" fontWeight="bold">
                  {basic.price}
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  {basic.renewal}
                </Text>
              </Text>
              <ChooseButton plan={basic} props={props} />
            </Stack>
            <List.Root gap="1.5" variant="plain">
              {basic.features.map((feature) => (
                <List.Item key={feature} alignItems="center">
                  <List.Indicator asChild color="green.600">
                    <LuCheck />
                  </List.Indicator>
                  {feature}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {longer.map((plan) => (
          <Stack key={plan.id} borderWidth="1px" borderRadius="xl" p="4" gap="1" align="flex-start" bg="bg">
            <Heading as="h3" size="sm">
              {plan.name}
            </Heading>
            {props.currentPlan === plan.id ? <Badge colorPalette="brand">Current plan</Badge> : null}
            {plan.originalPrice ? (
              <Text as="s" color="fg.muted" fontSize="sm" aria-label={`was ${plan.originalPrice}`}>
                {plan.originalPrice}
              </Text>
            ) : null}
            <Text fontSize="2xl" fontWeight="bold">
              {plan.price}
            </Text>
            {plan.saving ? <Badge colorPalette="green">{plan.saving}</Badge> : null}
            <Text fontSize="xs" color="fg.muted">
              {plan.renewal}
            </Text>
            <ChooseButton plan={plan} props={props} />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
