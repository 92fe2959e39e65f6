// /scorecard/:token: a shared scorecard, no login, with the complaints naming the person; a dead link says so plainly.
import { Box, Container, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuLink2Off } from 'react-icons/lu';
import { useParams } from 'react-router';
import { EmptyList, LoadError, LoadingRows } from '@/components/LoadState';
import { Logo } from '@/components/Logo';
import { paths } from '@/config/paths';
import { isHttpErrorResponse } from '@/lib/api-error';
import { usePublicScorecard } from '../api/scorecards';
import { ScorecardView } from '../components/ScorecardView';
import { StaffComplaints } from '../components/StaffComplaints';

export function PublicScorecardPage() {
  const { token = '' } = useParams();
  const card = usePublicScorecard(token);
  useEffect(() => {
    document.title = paths.publicScorecard.title;
  }, []);
  const gone = card.isError && isHttpErrorResponse(card.error) && [400, 404].includes(card.error.status);
  return (
    <Box minH="100dvh" bg="bg.subtle" py={{ base: '4', md: '8' }}>
      <Container maxW="4xl" px={{ base: '3', md: '6' }}>
        <Stack gap="4" as="main">
          <Logo to={paths.marketing.home.path} />
          {card.isPending ? (
            <LoadingRows label="Loading the scorecard" rows={4} />
          ) : gone ? (
            <EmptyList
              icon={<LuLink2Off />}
              title="This scorecard is no longer shared"
              description="The link was switched off or is not complete. Ask for a new one."
            />
          ) : card.isError ? (
            <LoadError error={card.error} onRetry={() => void card.refetch()} what="the scorecard" />
          ) : (
            <>
              <Box bg="bg" p={{ base: '3', md: '6' }} rounded="xl" borderWidth="1px">
                <ScorecardView card={card.data.body} shared />
              </Box>
              <StaffComplaints token={token} />
            </>
          )}
          <Text fontSize="xs" color="fg.muted">
            Shared privately. Figures count the ratings customers gave in the period shown.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
