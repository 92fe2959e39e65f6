// /settings-and-notifications/targets: the tree of areas and stores; pick a node to see its targets and, if allowed, set them.
import { Box, Button, Card, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuArrowLeft, LuTarget } from 'react-icons/lu';
import { Link } from 'react-router';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useAccess } from '@/lib/role';
import { noRouteAttrs } from '@/lib/actions';
import { useStores } from '@/lib/stores-query';
import { useTargets, useTreeAreas } from '../api/targets';
import { TargetEditor } from '../components/TargetEditor';
import { canSetAt, listNodes, type TNode } from '../components/nodes';

function NodeList({
  nodes,
  selected,
  onSelect,
  withOwn,
}: {
  nodes: TNode[];
  selected: string;
  onSelect: (id: string) => void;
  withOwn: Set<string>;
}) {
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" aria-label="Areas and stores">
      {nodes.map((n) => (
        <li key={n.id}>
          <Button
            {...noRouteAttrs}
            variant={n.id === selected ? 'subtle' : 'ghost'}
            colorPalette={n.id === selected ? 'brand' : undefined}
            aria-current={n.id === selected ? 'true' : undefined}
            onClick={() => onSelect(n.id)}
            justifyContent="flex-start"
            w="full"
            ps={`${2 + Math.min(n.depth, 5) * 4}`}
            fontWeight={n.kind === 'area' ? 'semibold' : 'normal'}
          >
            <Text as="span" truncate>
              {n.name}
            </Text>
            {withOwn.has(n.id) ? <LuTarget aria-label="has its own targets" /> : null}
          </Button>
        </li>
      ))}
    </Stack>
  );
}

export function TargetsPage() {
  const areas = useTreeAreas();
  const stores = useStores();
  const targets = useTargets();
  const { role } = useAccess();
  const nodes = useMemo(
    () => listNodes(areas.data?.body.areas ?? [], stores.data?.body.stores ?? []),
    [areas.data, stores.data],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const selected = nodes.find((n) => n.id === picked) ?? nodes[0];
  const all = targets.data?.body.targets ?? [];
  const query = {
    isPending: areas.isPending || stores.isPending || targets.isPending,
    isError: areas.isError || stores.isError || targets.isError,
    error: areas.error ?? stores.error ?? targets.error,
    refetch: () => Promise.all([areas.refetch(), stores.refetch(), targets.refetch()]),
  };
  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.targets.title}
        description="Goals per area and store. Stores and areas follow the nearest target above them unless they have their own."
        actions={
          <Button asChild variant="outline">
            <Link to={paths.business.settingsAndNotifications.path}>
              <LuArrowLeft aria-hidden /> Performance Notifications
            </Link>
          </Button>
        }
      />
      <QueryStates
        query={query}
        loading={{ label: 'Loading targets', rows: 4, height: '10' }}
        what="targets"
        isEmpty={nodes.length === 0}
        empty={
          <EmptyList
            icon={<LuTarget />}
            title="No stores or areas yet"
            description="Add a store to set targets for it."
            goTo={{ to: paths.business.manageStores.path, label: 'Manage stores' }}
          />
        }
      >
        {() => (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <Card.Root gridColumn={{ md: 'span 1' }} minW="0">
              <Card.Body p="2">
                <NodeList
                  nodes={nodes}
                  selected={selected!.id}
                  onSelect={setPicked}
                  withOwn={new Set(all.map((t) => t.node))}
                />
              </Card.Body>
            </Card.Root>
            <Card.Root gridColumn={{ md: 'span 2' }} minW="0" as="section" aria-labelledby="target-node">
              <Card.Header>
                <Text as="h2" id="target-node" fontWeight="semibold" fontSize="lg">
                  {selected!.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {selected!.kind === 'area' ? 'Area' : 'Store'}
                </Text>
              </Card.Header>
              <Card.Body>
                <Box>
                  <TargetEditor
                    node={selected!}
                    own={all.filter((t) => t.node === selected!.id)}
                    canEdit={canSetAt(role, selected!)}
                  />
                </Box>
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        )}
      </QueryStates>
    </section>
  );
}
