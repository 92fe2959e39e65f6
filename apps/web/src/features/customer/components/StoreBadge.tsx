// The public header's store: image and name looked up from the ?store= parameter (spec §1), nothing if there is none.
import { HStack, Image, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { env } from '@/config/env';
import { useCustomerStore } from '../api/customer-store';

export function StoreBadge() {
  const [search] = useSearchParams();
  const { store } = useCustomerStore(search.get('store'));
  if (!store) return null;
  return (
    <HStack justify="center" gap="3" mt="3">
      {store.image ? (
        <Image
          src={`${env.apiBaseUrl}${store.image}`}
          alt={store.name}
          boxSize="48px"
          borderRadius="full"
          objectFit="cover"
          bg="white"
          borderWidth="2px"
          borderColor="whiteAlpha.700"
        />
      ) : null}
      <Text fontWeight="semibold" fontSize="lg" data-testid="header-store-name">
        {store.name}
      </Text>
    </HStack>
  );
}
