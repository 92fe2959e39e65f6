// /team/audit (owners and admins): every change a member made, newest first, filtered, "Load more", CSV download.
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import {
  ACCESS_MESSAGES,
  AUDIT_ACTOR_LABELS,
  contract,
  type TAuditEntry,
  type TAuditFilter,
} from '@cx/contracts';
import { useEffect, useState } from 'react';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router';
import { AccessRefusal } from '@/components/AccessRefusal';
import { EmptyList, QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { formatBytes, useCsvUrlDownload } from '@/lib/analytics/csv-download';
import { apiErrorMessage, isUnauthorizedError } from '@/lib/api-error';
import { useAccess } from '@/lib/role';
import { useStores } from '@/lib/stores-query';
import { routeAttrs } from '@/lib/actions';
import { auditQuery, useAuditLog } from '../api/audit';
import { useTeam } from '../api/team';
import { AUDIT_KIND_LABELS, AuditFilters, filterFromParams } from '../components/AuditFilters';
import { formatDateTime } from '../components/team-format';

export function auditCsvUrl(filter: TAuditFilter): string {
  const qs = new URLSearchParams(auditQuery(filter) as Record<string, string>).toString();
  return `${env.apiBaseUrl}${contract.audit.exportCsv.path}${qs ? `?${qs}` : ''}`;
}

function EntryRow({ entry }: { entry: TAuditEntry }) {
  return (
    <Box as="li" p="4" borderWidth="1px" rounded="lg" bg="bg">
      <HStack gap="2" wrap="wrap" mb="1">
        <Text fontWeight="semibold">{entry.actor.fullname}</Text>
        <Badge>{AUDIT_ACTOR_LABELS[entry.actor.role]}</Badge>
        <Badge colorPalette="brand" variant="outline">
          {AUDIT_KIND_LABELS[entry.kind]}
        </Badge>
        {entry.store ? <Badge variant="subtle">{entry.store.name}</Badge> : null}
      </HStack>
      <Text overflowWrap="anywhere">{entry.summary}</Text>
      <Text fontSize="sm" color="fg.muted">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Text>
    </Box>
  );
}

export function AuditLogPage() {
  const access = useAccess();
  const allowed = access.can('audit:read');
  const [params, setParams] = useSearchParams();
  // Local state first, mirrored into the URL: a navigation (the route's loader runs) lands later than the next change.
  const [filter, setFilterState] = useState(() => filterFromParams(params));
  const log = useAuditLog(filter, allowed);
  const team = useTeam(allowed);
  const stores = useStores(allowed).data?.body.stores ?? [];
  const download = useCsvUrlDownload();
  const entries = log.data?.pages.flatMap((p) => p.body.entries) ?? [];

  const setFilter = (patch: Partial<TAuditFilter> | null) =>
    setFilterState((prev) => auditQuery(patch ? { ...prev, ...patch } : {}));
  const search = new URLSearchParams(filter as Record<string, string>).toString();
  useEffect(() => {
    if (search !== params.toString()) setParams(new URLSearchParams(search), { replace: true });
    // Only a filter change writes the URL; the URL itself is read once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const startDownload = () =>
    download.mutate(
      { url: auditCsvUrl(filter), fallbackName: 'audit-log.csv' },
      {
        onSuccess: ({ name }) => toaster.success({ title: `Saved ${name}` }),
        onError: (error) => {
          if (!isUnauthorizedError(error)) toaster.error({ title: apiErrorMessage(error) });
        },
      },
    );

  if (!allowed)
    return (
      <section aria-labelledby="page-title">
        <PageHeader title={paths.business.audit.title} />
        <AccessRefusal message={ACCESS_MESSAGES.forbidden} />
      </section>
    );

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.audit.title}
        description="Every change made by any member: who, their role, what, which store and when."
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to={paths.business.team.path}>Back to the team</Link>
            </Button>
            <Button
              {...routeAttrs('audit.exportCsv')}
              variant="outline"
              onClick={startDownload}
              loading={download.isPending}
              loadingText={`Downloading… ${formatBytes(download.bytes)}`}
            >
              <LuDownload aria-hidden /> Download CSV
            </Button>
          </>
        }
      />
      <Stack gap="5">
        <AuditFilters
          filter={filter}
          members={team.data?.body.members ?? []}
          stores={stores}
          onChange={setFilter}
        />
        <QueryStates
          query={log}
          loading={{ label: 'Loading the audit log', rows: 4, height: '16' }}
          what="the audit log"
          isEmpty={entries.length === 0}
          empty={
            <EmptyList
              icon={<LuHistory />}
              title="No changes recorded"
              description={
                Object.keys(auditQuery(filter)).length ? 'Nothing matches these filters.' : undefined
              }
            />
          }
        >
          {() => (
            <Stack gap="3">
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Changes, newest first">
                {entries.map((e) => (
                  <EntryRow key={e._id} entry={e} />
                ))}
              </Stack>
              {log.hasNextPage ? (
                <Button
                  alignSelf="center"
                  variant="outline"
                  loading={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  Load more
                </Button>
              ) : null}
              {log.isFetchNextPageError ? (
                <Text role="alert" color="fg.error">
                  {apiErrorMessage(log.error)}
                </Text>
              ) : null}
            </Stack>
          )}
        </QueryStates>
      </Stack>
    </section>
  );
}
