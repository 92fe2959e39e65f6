// Phones' filter bar (#36): one "Filters" button that opens the page's filters in a bottom sheet, and the active
// filters beside it as chips, each removed with a press. Loaded only on phones (desktop keeps the inline bar).
import { Box, Button, CloseButton, Drawer, HStack, Portal, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';
import type { TParamPatch } from '@/lib/analytics/filters';
import type { TFilterChip } from './filter-chips';

export function FiltersButton({
  chips,
  onClear,
  children,
}: {
  chips: TFilterChip[];
  onClear: (patch: TParamPatch) => void;
  /** The filter fields, shown in the sheet. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Box mb="4">
      <HStack gap="2" wrap="wrap" aria-label="Active filters" role="group">
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <LuSlidersHorizontal aria-hidden="true" /> Filters{chips.length > 0 ? ` (${chips.length})` : ''}
        </Button>
        {chips.map((chip) => (
          <Button
            key={chip.key}
            size="xs"
            variant="subtle"
            rounded="full"
            maxW="full"
            onClick={() => onClear(chip.clear)}
            // starts with the visible words, so a spoken "Negative" finds it (axe label-content-name-mismatch)
            aria-label={`${chip.label} (remove filter)`}
          >
            <Box as="span" truncate>
              {chip.label}
            </Box>
            {/* a character, not another icon: react-icons' shared chunk is on the home page's budget */}
            <Box as="span" aria-hidden="true" fontSize="sm" lineHeight="1">
              ×
            </Box>
          </Button>
        ))}
      </HStack>
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="bottom">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxH="85dvh" roundedTop="xl">
              <Drawer.Header>
                <Drawer.Title>Filters</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack
                  as="form"
                  role="search"
                  aria-label="Dashboard filters"
                  gap="3"
                  onSubmit={(e) => {
                    e.preventDefault();
                    setOpen(false);
                  }}
                >
                  {children}
                </Stack>
              </Drawer.Body>
              <Drawer.Footer>
                <Button w="full" onClick={() => setOpen(false)}>
                  Show results
                </Button>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close filters" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
