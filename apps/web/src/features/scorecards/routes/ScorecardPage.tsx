// /staff/:staffId/scorecard: one person's scorecard for the URL's period, with Download PDF and share links.
import { Button, HStack, Stack } from '@chakra-ui/react';
import type { TScorecardQuery } from '@cx/contracts';
import { LuDownload } from 'react-icons/lu';
import { useParams } from 'react-router';
import { FilterBar } from '@/components/analytics/FilterBar';
import { InvalidPeriod } from '@/components/analytics/EmptyStates';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-error';
import { useDashboardFilters } from '@/lib/analytics/filters';
import { useAccess } from '@/lib/role';
import { usePdfDownload, useScorecard } from '../api/scorecards';
import { ScorecardView } from '../components/ScorecardView';
import { ShareLinks } from '../components/ShareLinks';

export function ScorecardPage() {
  const { staffId = '' } = useParams();
  const { filters, isValid } = useDashboardFilters();
  const query: TScorecardQuery = {
    period: filters.period,
    from: filters.from,
    to: filters.to,
    stores: filters.stores,
  };
  const card = useScorecard(staffId, query, isValid);
  const pdf = usePdfDownload(staffId);
  const access = useAccess();
  const name = card.data?.body.figures.staff.name ?? 'this person';
  const download = () =>
    pdf.mutate(query, {
      onSuccess: (file) => toaster.create({ type: 'success', title: `Saved ${file}` }),
      onError: (error) => toaster.create({ type: 'error', title: apiErrorMessage(error) }),
    });
  return (
    <Stack gap="4" maxW="5xl" w="full" minW="0">
      <PageHeader
        title={paths.business.scorecard.title}
        description="One person's figures, exactly as the Staff League Table counts them, to share with them or print."
        actions={
          <HStack wrap="wrap" gap="2">
            <Button
              size="sm"
              variant="outline"
              onClick={download}
              loading={pdf.isPending}
              disabled={!card.data}
            >
              <LuDownload aria-hidden /> Download PDF
            </Button>
          </HStack>
        }
      />
      <FilterBar show={{ staff: false, kind: false }} />
      {!isValid ? (
        <InvalidPeriod />
      ) : (
        <QueryStates query={card} loading={{ label: 'Loading the scorecard', rows: 4 }} what="the scorecard">
          {() => <ScorecardView card={card.data!.body} />}
        </QueryStates>
      )}
      {card.data && access.can('boards:manage') ? (
        <ShareLinks staffId={staffId} name={name} query={query} />
      ) : null}
    </Stack>
  );
}
