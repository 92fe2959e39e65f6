// /rate-experience?store=<id>: one tap on a star rates the visit and opens the details step with that score.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { StoreStepPage, type TStoreStepProps } from '../components/CustomerPage';
import { SCORES, StarIcon } from '../components/StarRating';
import { hrefOf, nextStep, stepFrom, withParams } from '../flow';
import { useT } from '../i18n/use-t';

function ExperienceStars({ store, storeId, kiosk }: TStoreStepProps) {
  const { t } = useT();
  const here = stepFrom('experience', store);
  if (here !== 'experience') return <Navigate replace to={hrefOf(here, { storeId, kiosk })} />;
  return (
    <Stack gap="5" align="center">
      <Text fontSize="xl" fontWeight="semibold" textAlign="center">
        {t('experience.question')}
      </Text>
      <Text color="fg.muted">{t('experience.tapStar')}</Text>
      {/* Links, not radios: choosing a score moves on, which arrow keys in a radio group must never do. */}
      <HStack as="ul" listStyleType="none" gap="1" justify="center">
        {SCORES.map((n) => (
          <li key={n}>
            <Button asChild variant="ghost" minW="56px" minH="56px" px="1">
              <RouterLink
                to={withParams(paths.customer.afterScanExperience.path, { store: storeId, score: String(n) })}
                aria-label={t('stars.option', { n, label: t(`stars.${n}` as 'stars.1') })}
              >
                <StarIcon filled={false} size={40} />
              </RouterLink>
            </Button>
          </li>
        ))}
      </HStack>
      <Button asChild variant="ghost" size="lg">
        <RouterLink to={hrefOf(nextStep('experience', store), { storeId, kiosk })}>
          {t('common.skip')}
        </RouterLink>
      </Button>
    </Stack>
  );
}

export function RateExperiencePage() {
  const { t } = useT();
  return <StoreStepPage title={t('title.rateExperience')} step={ExperienceStars} />;
}
