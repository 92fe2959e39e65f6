// The inbox's cases, most urgent first: a table on wider screens, stacked cards on phones; "Load more" by cursor.
import { Box, Button, Card, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { TCase } from '@cx/contracts';
import { LuMessageSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { Stars } from '@/components/analytics/RatingCard';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useIsPhone } from '@/hooks/use-is-phone';
import { noRouteAttrs } from '@/lib/actions';
import { apiErrorMessage } from '@/lib/api-error';
import type { useCaseList } from '../api/cases';
import { DueText, PriorityBadge, RecoveryBadge, StatusBadge } from './CaseBadges';

const EXCERPT = 90;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

function CaseLink({ item }: { item: TCase }) {
  return (
    <Link asChild fontWeight="semibold" color="brand.fg">
      <RouterLink
        to={paths.business.case.getHref(item._id)}
        aria-label={`Case #${item.number}: ${item.summary}`}
      >
        #{item.number}
      </RouterLink>
    </Link>
  );
}

function RatingLine({ item }: { item: TCase }) {
  if (!item.rating) return null;
  return (
    <HStack gap="2" align="flex-start" minW="0">
      <Stars score={item.rating.score} />
      {item.rating.comment ? (
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          “{excerpt(item.rating.comment)}”
        </Text>
      ) : null}
    </HStack>
  );
}

function CaseCard({ item }: { item: TCase }) {
  return (
    <Card.Root as="li" size="sm" aria-label={`Case #${item.number}`}>
      <Card.Body gap="1.5">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <CaseLink item={item} />
            <Text fontWeight="medium">{item.store.name}</Text>
          </HStack>
          <HStack gap="1.5">
            <PriorityBadge priority={item.priority} />
            <StatusBadge status={item.status} />
          </HStack>
        </HStack>
        <Text>{item.summary}</Text>
        <RatingLine item={item} />
        <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm">
          <Text color="fg.muted">{item.owner ? item.owner.name : 'Unassigned'}</Text>
          <DueText item={item} />
          <RecoveryBadge recovered={item.recovered} />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function CaseTable({ items }: { items: TCase[] }) {
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="lg">
      <Table.Root size="sm" aria-label="Cases">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Case</Table.ColumnHeader>
            <Table.ColumnHeader>Store</Table.ColumnHeader>
            <Table.ColumnHeader>Complaint</Table.ColumnHeader>
            <Table.ColumnHeader>Owner</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Due</Table.ColumnHeader>
            <Table.ColumnHeader>Priority</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item._id}>
              <Table.Cell>
                <CaseLink item={item} />
              </Table.Cell>
              <Table.Cell>{item.store.name}</Table.Cell>
              <Table.Cell maxW="md">
                <Stack gap="1">
                  <Text>{item.summary}</Text>
                  <RatingLine item={item} />
                </Stack>
              </Table.Cell>
              <Table.Cell>
                {item.owner ? item.owner.name : <Text color="fg.muted">Unassigned</Text>}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" wrap="wrap">
                  <StatusBadge status={item.status} />
                  <RecoveryBadge recovered={item.recovered} />
                </HStack>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                <DueText item={item} />
              </Table.Cell>
              <Table.Cell>
                <PriorityBadge priority={item.priority} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export function CaseList({ list }: { list: ReturnType<typeof useCaseList> }) {
  const phone = useIsPhone();
  const loadMore = () =>
    void list.fetchNextPage().then((result) => {
      if (result.isError) toaster.create({ type: 'error', title: apiErrorMessage(result.error) });
    });
  const items = list.data?.pages.flatMap((p) => p.body.items) ?? [];
  return (
    <QueryStates
      query={list}
      loading={{ label: 'Loading the cases', rows: 4, height: '16' }}
      what="the cases"
      isEmpty={items.length === 0}
      empty={
        <EmptyList
          icon={<LuMessageSquare />}
          title="No cases"
          description="No cases — complaints and contact requests will appear here"
        />
      }
    >
      {() => (
        <>
          {phone ? (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Cases">
              {items.map((item) => (
                <CaseCard key={item._id} item={item} />
              ))}
            </Stack>
          ) : (
            <CaseTable items={items} />
          )}
          <Stack align="center" mt="4" gap="2">
            <Text role="status" fontSize="sm" color="fg.muted">
              Showing {items.length} {items.length === 1 ? 'case' : 'cases'}
            </Text>
            {list.hasNextPage ? (
              <Button
                variant="outline"
                onClick={loadMore}
                loading={list.isFetchingNextPage}
                loadingText="Loading…"
                {...noRouteAttrs}
              >
                Load more
              </Button>
            ) : null}
          </Stack>
        </>
      )}
    </QueryStates>
  );
}
