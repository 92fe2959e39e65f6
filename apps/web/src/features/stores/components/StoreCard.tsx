// One store on /manage-stores: picture, name, address and time zone, interface status, and its actions.
import { Badge, Box, Button, Card, Flex, HStack, Icon, Image, Stack, Text } from '@chakra-ui/react';
import type { TStore } from '@cx/contracts';
import { LuMapPin, LuMonitor, LuStore } from 'react-icons/lu';
import { DeleteButton, EditButton } from '@/components/ItemActions';
import { useAction } from '@/lib/actions';
import { apiImage } from '@/lib/image-sources';
import { interfacesSummary } from '@/lib/interface-names';
import { interfacesOn } from './store-table';
import { PreviewLink, StoreDownloads } from './StoreLinks';

export type TStoreCardProps = {
  store: TStore;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the store's breakroom board links; absent for a role that cannot manage boards. */
  onBoard?: () => void;
};

export function StoreCard({ store, onEdit, onDelete, onBoard }: TStoreCardProps) {
  const board = useAction('boards.create');
  const enabled = interfacesOn(store);

  return (
    <Card.Root as="article" aria-label={store.name} overflow="hidden" size="sm">
      {/* overflow hidden: otherwise a tall image stretches the box past its 16:10 ratio (min-height: auto) */}
      <Box bg="bg.muted" aspectRatio={16 / 10} overflow="hidden">
        {store.image ? (
          <Image
            {...apiImage(store.image, 360)}
            alt={`${store.name} store`}
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : (
          <Flex h="full" align="center" justify="center" color="fg.subtle">
            <Icon boxSize="12" aria-hidden>
              <LuStore />
            </Icon>
          </Flex>
        )}
      </Box>
      <Card.Body gap="2">
        <Card.Title as="h2" fontSize="lg">
          {store.name}
        </Card.Title>
        <Stack gap="1" fontSize="sm" color="fg.muted">
          {store.address ? (
            <HStack gap="1.5" align="start">
              <Icon mt="0.5" aria-hidden>
                <LuMapPin />
              </Icon>
              <Text>{store.address}</Text>
            </HStack>
          ) : null}
          <Text>Time zone: {store.timeZone}</Text>
        </Stack>
        <HStack>
          <Badge colorPalette={enabled === 0 ? 'red' : 'green'} variant="subtle" whiteSpace="normal">
            {interfacesSummary(store.interfaces)}
          </Badge>
        </HStack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <EditButton onClick={onEdit} route="stores.update" storeId={store._id} />
        <StoreDownloads store={store} />
        <PreviewLink store={store} />
        {onBoard && board.allowed ? (
          <Button
            {...board.attrs}
            size="sm"
            variant="outline"
            onClick={onBoard}
            aria-label={`Breakroom board for ${store.name}`}
          >
            <LuMonitor aria-hidden /> Breakroom board
          </Button>
        ) : null}
        <DeleteButton onClick={onDelete} itemName={store.name} route="stores.remove" storeId={store._id} />
      </Card.Footer>
    </Card.Root>
  );
}
