// The breakroom board for a 1080p TV read from three metres: the chain's logo and colour, score this week, today's
// count, the team, shout-outs.
import { Box, Flex, Grid, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { TBoardData, TBoardMember } from '@cx/contracts';
import { LuStar, LuTrendingUp } from 'react-icons/lu';
import { apiImage } from '@/lib/image-sources';

const PANEL = { bg: 'whiteAlpha.100', rounded: '3xl', p: '8', minH: '0' } as const;

function Avatar({ name, photo, size }: { name: string; photo: string | null; size: string }) {
  return photo ? (
    <Image
      {...apiImage(photo, 160)}
      alt=""
      w={size}
      h={size}
      rounded="full"
      objectFit="cover"
      flexShrink={0}
    />
  ) : (
    <Flex
      w={size}
      h={size}
      rounded="full"
      bg="teal.600"
      align="center"
      justify="center"
      fontWeight="bold"
      fontSize="3xl"
      flexShrink={0}
      aria-hidden
    >
      {name.slice(0, 1).toUpperCase()}
    </Flex>
  );
}

function Score({ data }: { data: TBoardData }) {
  const { week, today } = data;
  return (
    <Stack {...PANEL} gap="6" justify="space-between">
      <Box>
        <Text fontSize="3xl" color="whiteAlpha.800">
          This week
        </Text>
        {week.average !== null ? (
          <HStack role="group" gap="4" align="baseline" aria-label={`Score this week ${week.average.toFixed(1)} out of 5`}>
            <Text fontSize="9xl" fontWeight="bold" lineHeight="1">
              {week.average.toFixed(1)}
            </Text>
            <Box color="yellow.300" fontSize="6xl">
              <LuStar aria-hidden fill="currentColor" />
            </Box>
          </HStack>
        ) : (
          <Text fontSize="4xl" fontWeight="semibold" mt="4">
            Score coming soon
          </Text>
        )}
        {week.change !== null ? (
          <HStack gap="3" fontSize="3xl" color="green.300" mt="3">
            <LuTrendingUp aria-hidden />
            <Text>
              {week.change >= 0.05 ? `Up ${week.change.toFixed(1)} on last week` : 'Steady on last week'}
            </Text>
          </HStack>
        ) : null}
        <Text fontSize="2xl" color="whiteAlpha.700" mt="3">
          {week.ratings} {week.ratings === 1 ? 'rating' : 'ratings'} in the last 7 days
        </Text>
      </Box>
      <Box role="group" bg="teal.700" rounded="2xl" p="6" textAlign="center" aria-label={`Today ${today.ratings} ratings`}>
        <Text fontSize="3xl">Today</Text>
        <Text fontSize="8xl" fontWeight="bold" lineHeight="1" data-testid="board-today">
          {today.ratings}
        </Text>
        <Text fontSize="2xl" color="whiteAlpha.800">
          {today.ratings === 1 ? 'rating' : 'ratings'}
        </Text>
      </Box>
    </Stack>
  );
}

function Team({ team }: { team: TBoardMember[] }) {
  const starting = team.filter((m) => m.rank === null);
  const ranked = team.filter((m) => m.rank !== null);
  return (
    <Stack {...PANEL} gap="5" overflow="hidden">
      <Text fontSize="4xl" fontWeight="bold">
        Team this week
      </Text>
      {team.length === 0 ? (
        <Text fontSize="3xl" color="whiteAlpha.700">
          The team appears here as this week&apos;s ratings come in.
        </Text>
      ) : null}
      {starting.length > 0 ? (
        <Box>
          <Text fontSize="2xl" color="whiteAlpha.700" mb="2">
            Just getting started
          </Text>
          <HStack as="ul" aria-label="Getting started" gap="5" flexWrap="wrap" listStyleType="none">
            {starting.map((m) => (
              <HStack as="li" key={m._id} gap="3">
                <Avatar name={m.firstName} photo={m.photo} size="14" />
                <Text fontSize="3xl">{m.firstName}</Text>
              </HStack>
            ))}
          </HStack>
        </Box>
      ) : null}
      {ranked.length > 0 ? (
        <Stack as="ol" aria-label="Team ranking" gap="3" listStyleType="none">
          {ranked.map((m) => (
            <HStack as="li" key={m._id} gap="5" data-rank={m.rank}>
              <Text fontSize="4xl" fontWeight="bold" w="16" textAlign="right" color="yellow.300">
                {m.rank}
              </Text>
              <Avatar name={m.firstName} photo={m.photo} size="20" />
              <Text fontSize="4xl" fontWeight="semibold" truncate>
                {m.firstName}
              </Text>
            </HStack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ShoutOuts({ data }: { data: TBoardData }) {
  return (
    <Stack {...PANEL} gap="5" overflow="hidden">
      <Text fontSize="4xl" fontWeight="bold">
        Shout-outs
      </Text>
      {data.shoutOuts.length === 0 ? (
        <Text fontSize="3xl" color="whiteAlpha.700">
          Kind words from customers appear here.
        </Text>
      ) : (
        <Stack as="ul" aria-label="Shout-outs" gap="5" listStyleType="none">
          {data.shoutOuts.map((s) => (
            <HStack as="li" key={s._id} gap="5" align="start" bg="whiteAlpha.100" rounded="2xl" p="5">
              <Avatar name={s.firstName} photo={s.photo} size="16" />
              <Box minW="0">
                <Text fontSize="3xl" lineClamp={3}>
                  “{s.text}”
                </Text>
                <Text fontSize="2xl" color="teal.200" mt="1">
                  for {s.firstName}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function BoardView({ data, offline }: { data: TBoardData; offline: boolean }) {
  return (
    <Stack h="100dvh" p="10" gap="8" overflow="hidden">
      <Flex
        justify="space-between"
        align="center"
        gap="8"
        pb={data.brand.color ? '4' : '0'}
        borderBottomWidth={data.brand.color ? '8px' : '0'}
        borderColor={data.brand.color ?? undefined}
      >
        <HStack gap="8" minW="0">
          {data.brand.logo ? (
            // On a white plate: a dark logo stays visible on the board's dark background.
            <Image
              {...apiImage(data.brand.logo, 240)}
              alt=""
              maxH="24"
              maxW="72"
              objectFit="contain"
              bg="white"
              p="3"
              rounded="2xl"
              flexShrink={0}
              data-testid="board-logo"
            />
          ) : null}
          <Text as="h1" fontSize="6xl" fontWeight="bold" truncate>
            {data.store.name}
          </Text>
        </HStack>
        {offline ? (
          <Text fontSize="2xl" color="whiteAlpha.600" role="status">
            Reconnecting…
          </Text>
        ) : null}
      </Flex>
      <Grid templateColumns="1fr 1.2fr 1.5fr" gap="8" flex="1" minH="0">
        <Score data={data} />
        <Team team={data.team} />
        <ShoutOuts data={data} />
      </Grid>
    </Stack>
  );
}
