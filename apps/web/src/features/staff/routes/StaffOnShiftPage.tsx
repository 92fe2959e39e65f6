// /staff-on-shift: who is working right now in each store, with their shift times in the store's local time.
import { Avatar, Badge, Button, Card, Flex, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TOnShiftStore } from '@cx/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { LuCalendarClock, LuRefreshCw } from 'react-icons/lu';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { StoreSelect } from '@/components/StoreSelect';
import { paths } from '@/config/paths';
import { apiFileUrl } from '@/lib/api-files';
import { useStores } from '@/lib/stores-query';
import { useOnShift } from '../api/staff';

export function StaffOnShiftPage() {
  const stores = useStores();
  const [store, setStore] = useState('');
  const onShift = useOnShift(store);
  const storeList = stores.data?.body.stores ?? [];
  const result = onShift.data?.body;

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.staffOnShift.title}
        description="Who is working right now, from your rota, in each store's local time."
        actions={
          <Button variant="outline" onClick={() => void onShift.refetch()} loading={onShift.isFetching}>
            <LuRefreshCw aria-hidden /> Refresh
          </Button>
        }
      />
      {storeList.length > 1 ? (
        <Stack mb="5">
          <StoreSelect stores={storeList} value={store} onChange={setStore} allLabel="All stores" />
        </Stack>
      ) : null}

      <QueryStates
        query={onShift}
        loading={{ label: 'Loading staff on shift', rows: 2, height: '32' }}
        what="staff on shift"
        isEmpty={!result || result.stores.length === 0}
        empty={
          <EmptyList
            icon={<LuCalendarClock />}
            title="No stores yet"
            description="Add a store and its staff, then put them on the rota."
            goTo={{ to: paths.business.manageStores.path, label: 'Go to Manage Stores' }}
          />
        }
      >
        {() => (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {result?.stores.map((s) => (
              <StoreOnShiftCard key={s._id} store={s} />
            ))}
          </SimpleGrid>
        )}
      </QueryStates>
    </section>
  );
}

function StoreOnShiftCard({ store }: { store: TOnShiftStore }) {
  return (
    <Card.Root as="article" aria-label={`On shift at ${store.name}`} size="sm">
      <Card.Header>
        <HStack gap="3">
          {store.image ? (
            <Image src={apiFileUrl(store.image)} alt="" boxSize="10" rounded="md" objectFit="cover" />
          ) : null}
          <Stack gap="0" flex="1" minW="0">
            <Card.Title as="h2" fontSize="lg" truncate>
              {store.name}
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              Local time {store.localTime} ({store.timeZone})
            </Text>
          </Stack>
          <Badge colorPalette={store.staff.length ? 'green' : 'gray'}>{store.staff.length} on shift</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        {store.staff.length === 0 ? (
          <Flex direction="column" gap="2" color="fg.muted">
            <Text>Nobody is on shift right now.</Text>
            <Button asChild size="sm" variant="outline" alignSelf="flex-start">
              <Link to={paths.business.rota.path}>Open the rota</Link>
            </Button>
          </Flex>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={`Staff on shift at ${store.name}`}>
            {store.staff.map((member) => (
              <HStack as="li" key={member._id} gap="3">
                <Avatar.Root size="md">
                  <Avatar.Fallback name={member.name} />
                  {member.photo ? <Avatar.Image src={apiFileUrl(member.photo)} alt="" /> : null}
                </Avatar.Root>
                <Stack gap="0" flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {member.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {member.role}
                  </Text>
                </Stack>
                <Text fontSize="sm" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {member.shift.startTime}–{member.shift.endTime}
                </Text>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
