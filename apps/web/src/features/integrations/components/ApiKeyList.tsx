// API keys as a list whose rows are table-like columns from lg and stacked cards on phones; revoked keys stay listed.
import { Badge, Box, Button, Grid, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { API_KEY_SCOPE_LABELS, type TApiKey, type TStore } from '@cx/contracts';
import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '@/features/team/components/team-format';
import { storeNames } from '@/lib/store-names';

const COLUMNS = {
  base: '1fr',
  lg: 'minmax(0,2fr) minmax(0,2fr) minmax(0,1.6fr) minmax(0,1.6fr) minmax(0,1.6fr) auto',
};
const HEADS = ['Key', 'Scopes', 'Stores', 'Created', 'Last used', ''];

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="span" fontSize="xs" color="fg.muted" display={{ base: 'block', lg: 'none' }}>
        {label}
      </Text>
      <Box overflowWrap="anywhere">{children}</Box>
    </Box>
  );
}

export function ApiKeyList({
  keys,
  stores,
  onRevoke,
}: {
  keys: TApiKey[];
  stores: TStore[];
  onRevoke: (key: TApiKey) => void;
}) {
  return (
    <Box>
      <Grid
        templateColumns={COLUMNS}
        gap="3"
        px="4"
        pb="2"
        display={{ base: 'none', lg: 'grid' }}
        aria-hidden
      >
        {HEADS.map((h) => (
          <Text key={h} fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            {h}
          </Text>
        ))}
      </Grid>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="API keys">
        {keys.map((k) => (
          <Grid
            as="li"
            key={k._id}
            aria-label={k.name}
            templateColumns={COLUMNS}
            gap="3"
            alignItems="center"
            p="4"
            borderWidth="1px"
            rounded="lg"
            bg={k.revokedAt ? 'bg.muted' : 'bg'}
          >
            <Cell label="Key">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{k.name}</Text>
                {k.revokedAt ? <Badge colorPalette="red">Revoked</Badge> : null}
              </HStack>
              <Text fontFamily="mono" fontSize="sm">
                {k.prefix}…
              </Text>
            </Cell>
            <Cell label="Scopes">
              <Wrap gap="1">
                {k.scopes.map((s) => (
                  <Badge key={s} variant="subtle">
                    {API_KEY_SCOPE_LABELS[s]}
                  </Badge>
                ))}
              </Wrap>
            </Cell>
            <Cell label="Stores">{storeNames(k.stores, stores)}</Cell>
            <Cell label="Created">
              <Text>{formatDay(k.createdAt)}</Text>
              <Text fontSize="xs" color="fg.muted">
                by {k.createdBy?.name ?? 'a former member'}
              </Text>
            </Cell>
            <Cell label="Last used">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</Cell>
            <HStack justify={{ base: 'flex-start', lg: 'flex-end' }}>
              {k.revokedAt ? (
                <Text fontSize="xs" color="fg.muted">
                  Revoked {formatDay(k.revokedAt)}
                </Text>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => onRevoke(k)}
                  aria-label={`Revoke ${k.name}`}
                >
                  Revoke
                </Button>
              )}
            </HStack>
          </Grid>
        ))}
      </Stack>
    </Box>
  );
}
