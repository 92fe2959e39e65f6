// /cases: the complaint inbox (#37), filtered in the URL, most urgent first, with the per-store numbers below it.
import { Box, Button } from '@chakra-ui/react';
import { LuSettings2 } from 'react-icons/lu';
import { Link } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useDashboardFilters } from '@/lib/analytics/filters';
import { noRouteAttrs } from '@/lib/actions';
import { useAccess } from '@/lib/role';
import { readCaseFilters, useCaseList } from '../api/cases';
import { CaseFilters } from '../components/CaseFilters';
import { CaseList } from '../components/CaseList';
import { CaseStoreNumbers } from '../components/CaseStoreNumbers';

export function CasesInboxPage() {
  const { params, update } = useDashboardFilters();
  const filters = readCaseFilters(params);
  const list = useCaseList(filters);
  const access = useAccess();
  return (
    <Box as="section" aria-labelledby="page-title">
      <PageHeader
        title={paths.business.cases.title}
        description="Complaints and contact requests: who owns each one, what is due and what was done."
        actions={
          access.can('cases:settings') ? (
            <Button asChild variant="outline" size="sm" {...noRouteAttrs}>
              <Link to={paths.business.caseSettings.path}>
                <LuSettings2 aria-hidden="true" /> Case settings
              </Link>
            </Button>
          ) : null
        }
      />
      <CaseFilters filters={filters} update={update} />
      <Box aria-busy={list.isFetching}>
        <CaseList list={list} />
      </Box>
      {access.can('analytics:read') ? <CaseStoreNumbers store={filters.store} area={filters.area} /> : null}
    </Box>
  );
}
