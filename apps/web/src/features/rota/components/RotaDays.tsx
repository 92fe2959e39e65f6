// The week on a phone: one section per day (heading, then each shift as a row with its times and person), no sideways scroll.
import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { TShift } from '@cx/contracts';
import { LuPlus } from 'react-icons/lu';
import { useAction } from '@/lib/actions';
import { longDay, shortDay } from '../api/rota';
import type { TRotaGridProps } from './RotaGrid';

/** Same props as the grid; a move is made in the edit dialog (person and date), as dragging has no place on a phone. */
export function RotaDays({ week, today, onAdd, onEdit }: TRotaGridProps) {
  const editShift = useAction('rota.updateShift');
  const addShift = useAction('rota.createShift');
  const people = new Map(week.staff.map((p) => [p._id, p]));
  const canAdd = addShift.allowed && week.staff.some((p) => p.active && p.worksHere);
  const byDay = new Map<string, TShift[]>();
  for (const shift of week.shifts) byDay.set(shift.day, [...(byDay.get(shift.day) ?? []), shift]);

  return (
    <Stack gap="3" aria-label={`Rota for ${week.store.name}`} role="group">
      {week.days.map((day) => {
        const isToday = day === today;
        const headingId = `rota-day-${day}`;
        const shifts = [...(byDay.get(day) ?? [])].sort((a, b) => a.start.localeCompare(b.start));
        return (
          <Box
            as="section"
            key={day}
            aria-labelledby={headingId}
            data-today={isToday ? '' : undefined}
            borderWidth="1px"
            rounded="lg"
            bg={isToday ? 'brand.subtle' : 'bg'}
            p="3"
          >
            <HStack justify="space-between" gap="2" mb="2">
              <Heading as="h2" size="sm" id={headingId}>
                {longDay(day)}
                {isToday ? (
                  <Badge ms="2" size="xs" colorPalette="brand">
                    Today
                  </Badge>
                ) : null}
              </Heading>
              {canAdd ? (
                <Button
                  {...addShift.attrs}
                  size="xs"
                  variant="ghost"
                  aria-label={`Add shift on ${shortDay(day)}`}
                  onClick={() => onAdd('', day)}
                >
                  <LuPlus aria-hidden /> Add
                </Button>
              ) : null}
            </HStack>
            {shifts.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No shifts
              </Text>
            ) : (
              <Stack as="ul" gap="1" listStyleType="none">
                {shifts.map((shift) => {
                  const person = people.get(shift.staff);
                  const name = person?.name ?? 'Someone no longer listed';
                  const times = `${shift.startTime}–${shift.endTime}`;
                  const note =
                    person && !(person.active && person.worksHere)
                      ? person.worksHere
                        ? 'Inactive'
                        : 'No longer here'
                      : null;
                  const row = (
                    <>
                      <Text as="span" fontVariantNumeric="tabular-nums" fontWeight="semibold" flexShrink={0}>
                        {times}
                      </Text>{' '}
                      <Text as="span" truncate>
                        {name}
                        {note ? ` (${note})` : ''}
                      </Text>
                    </>
                  );
                  return (
                    <li key={shift._id}>
                      {editShift.allowed ? (
                        <Button
                          {...editShift.attrs}
                          w="full"
                          justifyContent="flex-start"
                          gap="3"
                          size="sm"
                          variant="subtle"
                          colorPalette="brand"
                          onClick={() => onEdit(shift)}
                          // The grid chip's name (axe: label in name, so the visible text runs on unbroken): times, whose, the day, what a press does.
                          aria-label={`${times}, ${name}${note ? ` (${note})` : ''}, ${shortDay(day)}. Edit or move shift`}
                        >
                          {row}
                        </Button>
                      ) : (
                        <HStack gap="3" px="3" py="1.5" rounded="md" bg="bg.muted" fontSize="sm">
                          {row}
                        </HStack>
                      )}
                    </li>
                  );
                })}
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
