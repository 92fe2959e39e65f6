// / : the marketing landing and sign-in entry: hero with the tagline and Login, then what the product does.
import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChartColumn, LuMessageSquareHeart, LuQrCode, LuTrophy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { APP_NAME, TAGLINE, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { authDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';

type TFeature = { icon: IconType; title: string; text: string };

const FEATURES: TFeature[] = [
  {
    icon: LuQrCode,
    title: 'Scan and rate',
    text: 'Customers scan a QR code in store and rate your staff anonymously.',
  },
  { icon: LuTrophy, title: 'League tables', text: 'See which staff and stores your customers love most.' },
  {
    icon: LuChartColumn,
    title: 'Live analytics',
    text: 'A snapshot of every store, every shift, every day.',
  },
  {
    icon: LuMessageSquareHeart,
    title: 'Feedback timeline',
    text: 'Read what customers say the moment they say it.',
  },
];

function HeroCard() {
  const rows = [
    ['Store League Table', '4.8'],
    ['Staff on Shift', '12'],
    ['CX Feedback today', '37'],
  ] as const;
  return (
    <Box bg="bg" color="fg" borderRadius="2xl" boxShadow="2xl" p="6" w="full" maxW="sm" aria-hidden="true">
      <Text fontSize="sm" color="fg.muted">
        Snapshot
      </Text>
      <Heading size="lg" mb="4">
        This week across your stores
      </Heading>
      <Stack gap="3">
        {rows.map(([label, value]) => (
          <HStack key={label} justify="space-between" bg="page.bg" borderRadius="lg" px="4" py="3">
            <Text fontWeight="medium">{label}</Text>
            <Text fontWeight="bold" color="brand.fg">
              {value}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

export function HomePage() {
  useDocumentTitle(TAGLINE);
  const { isSignedIn } = useSession();
  return (
    <>
      <Box bgGradient="to-br" gradientFrom="brand.800" gradientTo="brand.500" color="white">
        <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
          <Stack direction={{ base: 'column', lg: 'row' }} gap="12" align="center">
            <Stack gap="6" flex="1">
              <Badge alignSelf="flex-start" colorPalette="brand" variant="solid" bg="whiteAlpha.300">
                {APP_NAME}
              </Badge>
              <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
                {TAGLINE}
              </Heading>
              <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900" maxW="xl">
                Anonymous customer reviews for every store and every member of staff, with the analytics to
                act on them.
              </Text>
              <HStack gap="3" flexWrap="wrap">
                {isSignedIn ? (
                  <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
                    <RouterLink to={paths.business.dashboard.path}>Go to dashboard</RouterLink>
                  </Button>
                ) : (
                  <Button
                    size="lg"
                    bg="white"
                    color="brand.800"
                    _hover={{ bg: 'brand.50' }}
                    onClick={() => authDialog.open('login')}
                  >
                    Login
                  </Button>
                )}
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  color="white"
                  borderColor="whiteAlpha.700"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <RouterLink to={paths.marketing.contactUs.path}>Contact us</RouterLink>
                </Button>
              </HStack>
            </Stack>
            <HeroCard />
          </Stack>
        </Container>
      </Box>
      <Container
        as="section"
        aria-labelledby="features-title"
        maxW="6xl"
        px={{ base: '4', md: '6' }}
        py={{ base: '12', md: '16' }}
      >
        <Heading as="h2" id="features-title" size="2xl" mb="8" textAlign="center">
          Everything you need to see your customers’ experience
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="3" p="6" borderWidth="1px" borderRadius="xl" bg="bg">
              <Box color="brand.fg" fontSize="2xl" aria-hidden="true">
                <Icon />
              </Box>
              <Heading as="h3" size="md">
                {title}
              </Heading>
              <Text color="fg.muted">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
