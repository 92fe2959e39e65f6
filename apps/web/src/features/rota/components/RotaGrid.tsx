// The week grid: one row per person, one column per day; shifts open for editing and can be dragged to another cell.
import { Avatar, Badge, Box, Button, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { TRotaWeek, TShift } from '@cx/contracts';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useAction } from '@/lib/actions';
import { apiFileUrl } from '@/lib/api-files';
import { shortDay } from '../api/rota';

export type TRotaGridProps = {
  week: TRotaWeek;
  today: string;
  onAdd: (staff: string, date: string) => void;
  onEdit: (shift: TShift) => void;
  /** A shift dropped on another person and/or day. */
  onMove: (shift: TShift, staff: string, date: string) => void;
};

const DRAG_TYPE = 'application/x-cx-shift';

export function RotaGrid({ week, today, onAdd, onEdit, onMove }: TRotaGridProps) {
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // A role without rota:write (a viewer) reads the week: shifts as plain labels, no add buttons, no dragging.
  const editShift = useAction('rota.updateShift');
  const addShift = useAction('rota.createShift');
  const scroller = useRef<HTMLDivElement>(null);
  // On a narrow screen only a day or two fit: start with today's column in view, just after the names.
  useEffect(() => {
    const box = scroller.current;
    const todayHeader = box?.querySelector<HTMLElement>('th[data-today]');
    const namesHeader = box?.querySelector<HTMLElement>('th');
    if (box && todayHeader && namesHeader) box.scrollLeft = todayHeader.offsetLeft - namesHeader.offsetWidth;
  }, [week.weekStart, today]);
  const byCell = new Map<string, TShift[]>();
  for (const shift of week.shifts) {
    const key = `${shift.staff}|${shift.day}`;
    byCell.set(key, [...(byCell.get(key) ?? []), shift]);
  }

  const dropHandlers = (staff: string, date: string, allowed: boolean) => {
    const key = `${staff}|${date}`;
    return {
      onDragOver: (e: DragEvent) => {
        if (!allowed || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (dropTarget !== key) setDropTarget(key);
      },
      onDragLeave: () => setDropTarget((t) => (t === key ? null : t)),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        setDropTarget(null);
        const shift = week.shifts.find((s) => s._id === e.dataTransfer.getData(DRAG_TYPE));
        if (shift && (shift.staff !== staff || shift.day !== date)) onMove(shift, staff, date);
      },
    };
  };

  return (
    <Box ref={scroller} position="relative" overflowX="auto" borderWidth="1px" rounded="lg" bg="bg">
      <Table.Root
        size="sm"
        minW="860px"
        style={{ tableLayout: 'fixed' }}
        aria-label={`Rota for ${week.store.name}`}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader
              w={{ base: '140px', md: '190px' }}
              position="sticky"
              left="0"
              bg="bg"
              zIndex="1"
            >
              Staff
            </Table.ColumnHeader>
            {week.days.map((day) => (
              <Table.ColumnHeader
                key={day}
                textAlign="center"
                bg={day === today ? 'brand.subtle' : undefined}
                data-today={day === today ? '' : undefined}
              >
                <Text as="span" fontWeight={day === today ? 'bold' : 'semibold'}>
                  {shortDay(day)}
                </Text>
                {day === today ? (
                  <Badge ms="1" size="xs" colorPalette="brand">
                    Today
                  </Badge>
                ) : null}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {week.staff.map((person) => {
            const rostrable = person.active && person.worksHere;
            return (
              <Table.Row key={person._id}>
                <Table.Cell position="sticky" left="0" bg="bg" zIndex="1">
                  <HStack gap="2" minW="0">
                    <Avatar.Root size="xs" hideBelow="md">
                      <Avatar.Fallback name={person.name} />
                      {person.photo ? <Avatar.Image src={apiFileUrl(person.photo)} alt="" /> : null}
                    </Avatar.Root>
                    <Stack gap="0" minW="0">
                      <Text fontWeight="medium" fontSize="sm" truncate>
                        {person.name}
                      </Text>
                      {!rostrable ? (
                        <Text fontSize="xs" color="fg.muted">
                          {person.worksHere ? 'Inactive' : 'No longer here'}
                        </Text>
                      ) : null}
                    </Stack>
                  </HStack>
                </Table.Cell>
                {week.days.map((day) => {
                  const key = `${person._id}|${day}`;
                  const shifts = byCell.get(key) ?? [];
                  return (
                    <Table.Cell
                      key={day}
                      verticalAlign="top"
                      bg={dropTarget === key ? 'brand.muted' : day === today ? 'brand.subtle' : undefined}
                      data-testid={`cell-${person._id}-${day}`}
                      {...dropHandlers(person._id, day, rostrable && editShift.allowed)}
                    >
                      <Stack gap="1" align="stretch">
                        {shifts.map((shift) =>
                          !editShift.allowed ? (
                            <Badge key={shift._id} colorPalette="brand" fontVariantNumeric="tabular-nums">
                              {shift.startTime}–{shift.endTime}
                            </Badge>
                          ) : (
                            <Button
                              {...editShift.attrs}
                              key={shift._id}
                              size="xs"
                              variant="subtle"
                              colorPalette="brand"
                              draggable
                              fontVariantNumeric="tabular-nums"
                              onDragStart={(e) => {
                                e.dataTransfer.setData(DRAG_TYPE, shift._id);
                                e.dataTransfer.effectAllowed = 'move';
                              }}
                              onClick={() => onEdit(shift)}
                              // The name starts with the visible times (axe: label in name), then says whose shift it is and what a press does.
                              aria-label={`${shift.startTime}–${shift.endTime}, ${person.name}, ${shortDay(day)}. Edit or move shift`}
                            >
                              {shift.startTime}–{shift.endTime}
                            </Button>
                          ),
                        )}
                        {rostrable && addShift.allowed ? (
                          <IconButton
                            {...addShift.attrs}
                            size="xs"
                            variant="ghost"
                            color="fg.muted"
                            aria-label={`Add shift for ${person.name} on ${shortDay(day)}`}
                            onClick={() => onAdd(person._id, day)}
                          >
                            <LuPlus />
                          </IconButton>
                        ) : null}
                      </Stack>
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
