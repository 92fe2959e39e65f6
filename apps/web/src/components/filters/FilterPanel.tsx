// A page's filters: inline in a search form from tablets up, behind one "Filters" button with chips on phones (the
// button's sheet loads only on phones).
import { Box, Flex } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useIsPhone } from '@/hooks/use-is-phone';
import type { TParamPatch } from '@/lib/analytics/filters';
import type { TFilterChip } from './filter-chips';

const FiltersButton = lazy(() => import('./FiltersButton').then((m) => ({ default: m.FiltersButton })));

export function FilterPanel({
  label,
  chips,
  onClear,
  children,
}: {
  /** The search form's accessible name, e.g. "Dashboard filters". */
  label: string;
  /** The active filters, shown as removable chips on phones. */
  chips: () => TFilterChip[];
  onClear: (patch: TParamPatch) => void;
  /** The filter fields. */
  children: ReactNode;
}) {
  const phone = useIsPhone();
  if (phone)
    return (
      <Suspense fallback={<Box h="8" mb="4" />}>
        <FiltersButton chips={chips()} onClear={onClear}>
          {children}
        </FiltersButton>
      </Suspense>
    );
  return (
    <Flex
      as="form"
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      gap="3"
      wrap="wrap"
      align="flex-start"
      mb="6"
      p="3"
      rounded="lg"
      bg="bg.subtle"
    >
      {children}
    </Flex>
  );
}
