// The plans view of the auth dialog ("Get Reviews"): the basic plan with its features and the 3/6/12-month offers.
import { Badge, Box, Button, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { BASIC_PLAN, LONGER_PLANS } from '@/config/plans';

export type TPlansViewProps = {
  /** Visitors are offered sign-up, signed-in users go on to their subscription page. */
  actionLabel: string;
  onChoose: () => void;
};

export function PlansView({ actionLabel, onChoose }: TPlansViewProps) {
  return (
    <Stack gap="5">
      <Box borderWidth="2px" borderColor="brand.solid" borderRadius="xl" p="5">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="4">
          <Stack gap="1">
            <Heading as="h3" size="md">
              {BASIC_PLAN.name}
            </Heading>
            <Text>
              <Text as="span" fontSize="3xl" fontWeight="bold">
                {BASIC_PLAN.price}
              </Text>{' '}
              <Text as="span" color="fg.muted">
                {BASIC_PLAN.renewal}
              </Text>
            </Text>
          </Stack>
          <List.Root gap="1.5" variant="plain">
            {BASIC_PLAN.features.map((feature) => (
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
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {LONGER_PLANS.map((plan) => (
          <Stack key={plan.id} borderWidth="1px" borderRadius="xl" p="4" gap="1" align="flex-start">
            <Heading as="h3" size="sm">
              {plan.name}
            </Heading>
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
          </Stack>
        ))}
      </SimpleGrid>
      <Button colorPalette="brand" size="lg" onClick={onChoose}>
        {actionLabel}
      </Button>
    </Stack>
  );
}
