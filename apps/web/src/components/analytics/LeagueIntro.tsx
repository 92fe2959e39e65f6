// How the league tables rank (Bayesian adjusted average), the business mean used, and the minimum-sample setting.
import { Box, Flex, Text } from '@chakra-ui/react';
import { formatFigure } from '@/lib/analytics/format';
import { MinSampleSetting } from './MinSampleSetting';

export function LeagueIntro({
  priorMean,
  minSample,
  what,
}: {
  priorMean: number | null;
  minSample: number;
  what: string;
}) {
  return (
    <Flex gap="4" wrap="wrap" justify="space-between" align="flex-end" mb="4">
      <Box flex="1" minW="16rem">
        <Text fontSize="sm" color="fg.muted">
          Ranked by adjusted average: each {what}'s average out of 5, pulled towards your business average (
          {formatFigure(priorMean, 'stars')}) as if they had {minSample} more ratings at that average. Flagged
          ratings are left out.
        </Text>
      </Box>
      <MinSampleSetting />
    </Flex>
  );
}
