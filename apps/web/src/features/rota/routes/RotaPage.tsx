// /rota: one store's week (Monday–Sunday, store-local), with add/edit/drag/delete, week paging and "copy last week".
import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  CloseButton,
  Flex,
  HStack,
  IconButton,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TShift } from '@cx/contracts';
import { useState } from 'react';
import { LuCalendarDays, LuChevronLeft, LuChevronRight, LuCopy, LuUpload, LuUsers } from 'react-icons/lu';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { StoreSelect } from '@/components/StoreSelect';
import { useIsPhone } from '@/hooks/use-is-phone';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { useStores } from '@/lib/stores-query';
import { addDays, shortDay, todayIn, useRotaWeek, useShiftMutations } from '../api/rota';
import { ImportRotaDialog } from '../components/ImportRotaDialog';
import { RotaDays } from '../components/RotaDays';
import { RotaGrid } from '../components/RotaGrid';
import { ShiftDialog, type TShiftDialogTarget } from '../components/ShiftDialog';

type TNotice = { status: 'error' | 'info'; title: string; items?: string[] } | null;

export function RotaPage() {
  const stores = useStores();
  const storeList = stores.data?.body.stores ?? [];
  const [chosenStore, setChosenStore] = useState('');
  const store = chosenStore || storeList[0]?._id || '';
  const [week, setWeek] = useState<string | undefined>(undefined);
  const rota = useRotaWeek(store, week);
  const { update, copyWeek } = useShiftMutations();
  const copyAction = useAction('rota.copyWeek');
  const importAction = useAction('rota.importShifts');
  const [target, setTarget] = useState<TShiftDialogTarget | null>(null);
  // Refusals from drag-and-drop and copy results stay on the page until dismissed, not only in a passing toast.
  const [notice, setNotice] = useState<TNotice>(null);
  const [importing, setImporting] = useState(false);
  // A phone gets the week as day sections, not a grid scrolled sideways inside its box.
  const phone = useIsPhone();
  const WeekView = phone ? RotaDays : RotaGrid;
  const data = rota.data?.body;
  const today = data ? todayIn(data.store.timeZone) : '';

  const move = async (shift: TShift, staff: string, date: string) => {
    setNotice(null);
    try {
      await update.mutateAsync({ params: { id: shift._id }, body: { staff, date } });
      toaster.success({ title: `Shift moved to ${shortDay(date)}` });
    } catch (error) {
      setNotice({ status: 'error', title: apiErrorMessage(error) });
    }
  };

  const copyLastWeek = async () => {
    if (!data) return;
    setNotice(null);
    try {
      const res = await copyWeek.mutateAsync({ body: { store, week: data.weekStart } });
      const { message, skipped } = res.body;
      setNotice({
        status: 'info',
        title: message,
        items: skipped.map((s) => `${s.staffName}, ${shortDay(s.day)}: ${s.reason}`),
      });
    } catch (error) {
      setNotice({ status: 'error', title: apiErrorMessage(error) });
    }
  };

  const noStores = stores.isSuccess && storeList.length === 0;
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.rota.title}
        description={`Plan who works when. Times are in each store's local time; ${phone ? 'tap a shift to change or move it' : 'drag a shift to move it'}.`}
      />
      <QueryStates
        query={stores}
        loading={{ label: 'Loading rota', rows: 4, height: '14' }}
        what="your stores"
        isEmpty={noStores}
        empty={
          <EmptyList
            icon={<LuCalendarDays />}
            title="Add a store first"
            description="Each store has its own rota."
            goTo={{ to: paths.business.manageStores.path, label: 'Go to Manage Stores' }}
          />
        }
      >
        {() => (
          <Stack gap="4">
            <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} wrap="wrap">
              <StoreSelect
                stores={storeList}
                value={store}
                onChange={(id) => {
                  setChosenStore(id);
                  setNotice(null);
                }}
              />
              <HStack gap="2" flex="1" wrap="wrap">
                <ButtonGroup size="sm" variant="outline" attached>
                  <IconButton
                    aria-label="Previous week"
                    onClick={() => data && setWeek(addDays(data.weekStart, -7))}
                    disabled={!data}
                  >
                    <LuChevronLeft />
                  </IconButton>
                  <Button onClick={() => setWeek(undefined)}>This week</Button>
                  <IconButton
                    aria-label="Next week"
                    onClick={() => data && setWeek(addDays(data.weekStart, 7))}
                    disabled={!data}
                  >
                    <LuChevronRight />
                  </IconButton>
                </ButtonGroup>
                {data ? (
                  <Text fontWeight="medium" aria-live="polite">
                    Week of {shortDay(data.weekStart)} – {shortDay(data.days[6]!)}
                  </Text>
                ) : null}
              </HStack>
              {copyAction.allowed && (
                <Button
                  {...copyAction.attrs}
                  size="sm"
                  variant="outline"
                  onClick={() => void copyLastWeek()}
                  loading={copyWeek.isPending}
                  disabled={!data}
                >
                  <LuCopy aria-hidden /> Copy last week
                </Button>
              )}
              {importAction.allowed && (
                <Button
                  {...importAction.attrs}
                  size="sm"
                  variant="outline"
                  onClick={() => setImporting(true)}
                  disabled={!data}
                >
                  <LuUpload aria-hidden /> Import rota
                </Button>
              )}
            </Flex>

            {notice ? (
              <Alert.Root status={notice.status} role={notice.status === 'error' ? 'alert' : 'status'}>
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{notice.title}</Alert.Title>
                  {notice.items?.length ? (
                    <Alert.Description>
                      <List.Root ps="4" mt="1">
                        {notice.items.map((item) => (
                          <List.Item key={item}>{item}</List.Item>
                        ))}
                      </List.Root>
                    </Alert.Description>
                  ) : null}
                </Alert.Content>
                <CloseButton size="sm" aria-label="Dismiss" onClick={() => setNotice(null)} />
              </Alert.Root>
            ) : null}

            <QueryStates
              query={rota}
              loading={{ label: 'Loading rota', rows: 4, height: '14' }}
              what="the rota"
              isEmpty={data?.staff.length === 0}
              empty={
                <EmptyList
                  icon={<LuUsers />}
                  title="Nobody works at this store yet"
                  description="Add staff to this store to put them on the rota."
                  goTo={{ to: paths.business.manageStaff.path, label: 'Go to Manage Staff' }}
                />
              }
            >
              {() =>
                data ? (
                  <Box opacity={rota.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
                    <WeekView
                      week={data}
                      today={today}
                      onAdd={(staff, date) => setTarget({ kind: 'create', staff, date })}
                      onEdit={(shift) => setTarget({ kind: 'edit', shift })}
                      onMove={(shift, staff, date) => void move(shift, staff, date)}
                    />
                  </Box>
                ) : null
              }
            </QueryStates>
          </Stack>
        )}
      </QueryStates>
      {data && importing && importAction.allowed ? (
        <ImportRotaDialog open store={data.store} onClose={() => setImporting(false)} />
      ) : null}
      {data ? (
        <ShiftDialog target={target} store={data.store} staff={data.staff} onClose={() => setTarget(null)} />
      ) : null}
    </section>
  );
}
