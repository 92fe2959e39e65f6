// The last step: thanks, a visible "start again", and on a kiosk a countdown back to the start for the next customer.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { endJourney, kioskMode } from '../api/journey';
import { hrefOf } from '../flow';
import { useT } from '../i18n/use-t';

export const KIOSK_COUNTDOWN_SECONDS = 10;

export function ThanksView() {
  const { t } = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const storeId = search.get('store');
  const [kiosk] = useState(() => kioskMode());
  const [left, setLeft] = useState(KIOSK_COUNTDOWN_SECONDS);

  const startAgain = () => {
    endJourney();
    if (storeId) void navigate(hrefOf('staff', { storeId, kiosk }), { replace: true });
  };

  useEffect(() => {
    if (!kiosk || !storeId) return;
    if (left <= 0) {
      startAgain();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
    // startAgain only reads values fixed for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kiosk, storeId, left]);

  return (
    <Stack align="center" gap="5" textAlign="center" py="4">
      <Text fontSize="5xl" aria-hidden="true">
        🙏
      </Text>
      <Heading as="h2" size="xl">
        {t('thanks.heading')}
      </Heading>
      {kiosk && storeId ? (
        <Text role="timer" data-testid="kiosk-countdown">
          {t('thanks.countdown', { n: left })}
        </Text>
      ) : (
        <Text>{t('thanks.phone')}</Text>
      )}
      {storeId ? (
        <Button size="xl" minH="56px" onClick={startAgain}>
          {t('thanks.startAgain')}
        </Button>
      ) : null}
    </Stack>
  );
}
