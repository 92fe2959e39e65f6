// /cases/:id: one case (#37) — the rating and contact, the work on it (status, owner, priority, root cause, action),
// the conversation with the customer, internal notes, a staff dispute and the history.
import { Alert, Box, Button, Grid, Stack } from '@chakra-ui/react';
import type { TCaseDetail } from '@cx/contracts';
import { LuArrowLeft } from 'react-icons/lu';
import { Link, useParams } from 'react-router';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { noRouteAttrs } from '@/lib/actions';
import { describeApiError } from '@/lib/api-error';
import { useAreaList } from '@/lib/areas-query';
import { useStores } from '@/lib/stores-query';
import { useCase, useCaseChanges, useCaseMembers } from '../api/cases';
import { CaseConversation } from '../components/CaseConversation';
import { CaseDispute } from '../components/CaseDispute';
import { CaseHistory, CaseSection, CaseSummary } from '../components/CaseFacts';
import { CaseNotes } from '../components/CaseNotes';
import { membersCovering } from '../components/case-owners';
import { CaseWorkForm } from '../components/CaseWorkForm';

function CaseBody({ item }: { item: TCaseDetail }) {
  const changes = useCaseChanges(item._id);
  const members = useCaseMembers(item.can.close);
  const stores = useStores(item.can.close).data?.body.stores ?? [];
  const areas = useAreaList(item.can.close).data?.body.areas ?? [];
  const owners = membersCovering(members.data?.body.members ?? [], item.store._id, stores, areas);
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4">
      <Stack gap="4" minW="0">
        <CaseSummary item={item} />
        <CaseConversation item={item} changes={changes} />
        <CaseNotes item={item} changes={changes} />
      </Stack>
      <Stack gap="4" minW="0">
        <CaseSection id="case-work" title="Work on this case">
          <CaseWorkForm item={item} owners={owners} changes={changes} />
        </CaseSection>
        <CaseDispute item={item} changes={changes} />
        <CaseHistory item={item} />
      </Stack>
    </Grid>
  );
}

export function CasePage() {
  const { id = '' } = useParams();
  const valid = /^[0-9a-f]{24}$/i.test(id);
  const query = useCase(id, valid);
  const item = query.data?.body;
  const notFound = !valid || (query.isError && describeApiError(query.error).status === 404);
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={item ? `Case #${item.number}` : paths.business.case.title}
        description={item ? `${item.store.name} · ${item.summary}` : undefined}
        actions={
          <Button asChild variant="ghost" size="sm" {...noRouteAttrs}>
            <Link to={paths.business.cases.path}>
              <LuArrowLeft aria-hidden="true" /> All cases
            </Link>
          </Button>
        }
      />
      {notFound ? (
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Case not found</Alert.Title>
            <Alert.Description>
              It may belong to a store you do not cover, or the link is wrong.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <QueryStates
          query={query}
          loading={{ label: 'Loading the case', rows: 3, height: '32' }}
          what="the case"
        >
          {() => <CaseBody item={item!} />}
        </QueryStates>
      )}
    </Box>
  );
}
