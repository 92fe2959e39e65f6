// /interface-settings: per store, the three customer interfaces as switches; all-off is allowed but clearly flagged.
import { Alert, Badge, Button, Card, HStack, Image, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { INTERFACE_KEYS, type TInterfaceKey, type TStore, type TStoreInterfaces } from '@cx/contracts';
import { useState } from 'react';
import { LuSlidersHorizontal, LuTags } from 'react-icons/lu';
import { Link } from 'react-router';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { OpenForReviewsButton } from '@/components/OpenForReviewsButton';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAction } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import { apiImage } from '@/lib/image-sources';
import { INTERFACE_NAMES } from '@/lib/interface-names';
import { useStores } from '@/lib/stores-query';
import { ALL_INTERFACES_DISABLED, anyEnabled, useUpdateInterfaces } from '../api/interfaces';

export function InterfaceSettingsPage() {
  const stores = useStores();
  const list = stores.data?.body.stores ?? [];
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.interfaceSettings.title}
        description="Choose what customers can do when they scan each store's QR code."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.business.feedbackChips.path}>
                <LuTags aria-hidden /> Rating chips
              </Link>
            </Button>
            {list.length > 0 ? <OpenForReviewsButton /> : null}
          </>
        }
      />
      <QueryStates
        query={stores}
        loading={{ label: 'Loading interface settings', rows: 2, height: '48' }}
        what="interface settings"
        isEmpty={list.length === 0}
        empty={
          <EmptyList
            icon={<LuSlidersHorizontal />}
            title="No stores yet"
            description="Interface settings are per store. Add a store first."
            goTo={{ to: paths.business.manageStores.path, label: 'Go to Manage Stores' }}
          />
        }
      >
        {() => (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {list.map((store) => (
              <StoreInterfacesCard key={store._id} store={store} />
            ))}
          </SimpleGrid>
        )}
      </QueryStates>
    </section>
  );
}

function StoreInterfacesCard({ store }: { store: TStore }) {
  const update = useUpdateInterfaces();
  const change = useAction('stores.updateInterfaces', store._id);
  // What the owner just asked for, shown at once and reverted if the server refuses.
  const [pending, setPending] = useState<Partial<TStoreInterfaces>>({});
  const shown: TStoreInterfaces = { ...store.interfaces, ...pending };
  const allOff = !anyEnabled(shown);

  const toggle = async (key: TInterfaceKey, status: boolean) => {
    setPending((p) => ({ ...p, [key]: { status } }));
    try {
      await update.mutateAsync({ params: { id: store._id }, body: { [key]: { status } } });
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
    } finally {
      setPending((p) => {
        const next = { ...p };
        delete next[key];
        return next;
      });
    }
  };

  return (
    <Card.Root as="article" aria-label={`${store.name} interfaces`} size="sm">
      <Card.Header>
        <HStack gap="3">
          {store.image ? (
            <Image {...apiImage(store.image, 40)} alt="" boxSize="10" rounded="md" objectFit="cover" />
          ) : null}
          <Card.Title as="h2" fontSize="lg" flex="1">
            {store.name}
          </Card.Title>
          <Badge colorPalette={allOff ? 'red' : 'green'}>{allOff ? 'Paused' : 'Open for reviews'}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {allOff ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{ALL_INTERFACES_DISABLED}</Alert.Title>
              <Alert.Description>
                Customers who scan this store&apos;s QR code cannot leave feedback.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {change.reason ? (
          <Text fontSize="sm" color="fg.muted">
            {change.reason}
          </Text>
        ) : null}
        <Stack gap="4">
          {INTERFACE_KEYS.map((key) => (
            <Switch.Root
              key={key}
              disabled={!change.allowed}
              checked={shown[key].status}
              onCheckedChange={(d) => void toggle(key, d.checked)}
              justifyContent="space-between"
              w="full"
              colorPalette="brand"
            >
              <Switch.HiddenInput {...change.attrs} />
              <Switch.Label flex="1">
                <Text fontWeight="medium">{INTERFACE_NAMES[key].title}</Text>
                <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                  {INTERFACE_NAMES[key].description}
                </Text>
              </Switch.Label>
              <Switch.Control />
            </Switch.Root>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
