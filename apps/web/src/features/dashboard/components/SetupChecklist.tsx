// The Snapshot's setup panel for Owner/Admin: the first-run step while it is owed, then the checklist whose items tick
// themselves from the business's records (live ratings refetch it), each linking to where the thing is done.
import { Box, Button, Flex, Heading, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import type { TOnboarding, TSetupItem, TSetupItemKey } from '@cx/contracts';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { useLiveRatings } from '@/lib/live-ratings';
import { useDismissChecklist, useOnboarding } from '../api/onboarding';
import { FirstRunStep } from './FirstRunStep';

type TItemText = {
  label: string;
  hint: (item: TSetupItem, o: TOnboarding) => string;
  href: (o: TOnboarding) => string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const SETUP_ITEM_TEXTS: Record<TSetupItemKey, TItemText> = {
  stores: {
    label: 'Add your stores',
    hint: (i, o) =>
      o.storesPlanned ? `${i.count} of ${o.storesPlanned} added` : plural(i.count, 'store', 'stores'),
    href: () => paths.business.manageStores.path,
  },
  staff: {
    label: 'Add your staff or import them',
    hint: (i) => plural(i.count, 'person', 'people'),
    href: () => paths.business.manageStaff.path,
  },
  rota: {
    label: 'Plan the rota or import it',
    hint: (i) => plural(i.count, 'shift', 'shifts'),
    href: () => paths.business.rota.path,
  },
  posters: {
    label: 'Print your QR posters',
    hint: (i) => (i.done ? 'Downloaded' : 'Each store’s poster is on Manage Stores'),
    href: () => paths.business.manageStores.path,
  },
  'phone-test': {
    label: 'Test with your phone',
    hint: (i) => (i.done ? 'Your first rating is in' : 'Open a store’s rating page and leave a rating'),
    href: (o) =>
      o.firstStoreId ? paths.customer.rateStaff.getHref(o.firstStoreId) : paths.business.manageStores.path,
  },
  invite: {
    label: 'Invite a manager',
    hint: (i) => (i.done ? plural(i.count, 'person', 'people') + ' invited or joined' : 'Share the work'),
    href: () => paths.business.team.path,
  },
};

function ItemRow({ item, onboarding }: { item: TSetupItem; onboarding: TOnboarding }) {
  const text = SETUP_ITEM_TEXTS[item.key];
  // The rating page is the customer's app (its own entry): a full page load in a new tab, the dashboard stays open.
  const external = item.key === 'phone-test' && onboarding.firstStoreId !== null;
  const href = text.href(onboarding);
  return (
    <HStack as="li" gap="3" align="flex-start" data-setup-item={item.key} data-done={item.done}>
      <Box as="span" color={item.done ? 'green.600' : 'fg.subtle'} fontSize="xl" mt="0.5" aria-hidden="true">
        {item.done ? <LuCircleCheck /> : <LuCircle />}
      </Box>
      <Stack gap="0" minW="0">
        <Link asChild fontWeight="medium" textDecoration={item.done ? 'line-through' : undefined}>
          {external ? (
            <a href={href} target="_blank" rel="noopener">
              {text.label}
            </a>
          ) : (
            <RouterLink to={href}>{text.label}</RouterLink>
          )}
        </Link>
        <Text fontSize="sm" color="fg.muted">
          <Text as="span" srOnly>
            {item.done ? 'Done. ' : 'To do. '}
          </Text>
          {text.hint(item, onboarding)}
        </Text>
      </Stack>
    </HStack>
  );
}

function Checklist({ onboarding }: { onboarding: TOnboarding }) {
  const dismiss = useDismissChecklist();
  const dismissAction = useAction('onboarding.dismiss');
  const done = onboarding.items.filter((i) => i.done).length;
  const total = onboarding.items.length;
  const hide = async () => {
    try {
      await dismiss.mutateAsync({ body: { dismissed: true } });
    } catch (err) {
      toaster.error({ title: apiErrorMessage(err) });
    }
  };
  return (
    <Box
      as="section"
      aria-labelledby="setup-title"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p={{ base: '4', md: '5' }}
      mb="4"
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="3">
        <Box minW="0">
          <Heading as="h2" id="setup-title" size="md">
            Set up {onboarding.businessName}
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="setup-progress">
            {done} of {total} done
          </Text>
        </Box>
        <Button
          {...dismissAction.attrs}
          size="sm"
          variant="ghost"
          onClick={() => void hide()}
          loading={dismiss.isPending}
        >
          Dismiss checklist
        </Button>
      </Flex>
      <Progress.Root
        value={(done / total) * 100}
        size="xs"
        colorPalette="green"
        mb="4"
        aria-label="Setup progress"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Box
        as="ul"
        listStyleType="none"
        display="grid"
        gridTemplateColumns={{
          base: '1fr',
          md: 'repeat(2, minmax(0, 1fr))',
          xl: 'repeat(3, minmax(0, 1fr))',
        }}
        gap="4"
        aria-label="Setup checklist"
      >
        {onboarding.items.map((item) => (
          <ItemRow key={item.key} item={item} onboarding={onboarding} />
        ))}
      </Box>
    </Box>
  );
}

/** What the Snapshot shows above its figures for a business still setting up; nothing for anyone else. */
export function SetupPanel() {
  // Read from the route's declared permission (business:setup), like every other action (#36).
  const allowed = useAction('onboarding.get').allowed;
  const onboarding = useOnboarding(allowed);
  // A rating arriving is the "test with your phone" item ticking: read the checklist again.
  useLiveRatings(() => {
    if (allowed) void onboarding.refetch();
  });
  // The checklist is a helper above the figures, not the page: while it loads or if it cannot be read, the Snapshot
  // shows its own states alone (its own error stays the one alert on the page).
  if (!allowed || onboarding.isPending || onboarding.isError) return null;
  const data = onboarding.data.body;
  if (data.firstRunPending) return <FirstRunStep />;
  return data.showChecklist ? <Checklist onboarding={data} /> : null;
}
