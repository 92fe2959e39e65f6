// The store's review and social links, offered to every customer whatever they rated; each click is counted.
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { TCustomerStore } from '@cx/contracts';
import { Link as RouterLink } from 'react-router';
import { newKey, deviceId, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';

// Only kiosks show QR codes: phones never download the QR encoder.
const KioskQrCodes = lazy(() => import('./KioskQrCodes'));

export type TSocialLinksProps = {
  store: TCustomerStore;
  storeId: string;
  kiosk: boolean;
  intro: string;
  doneHref: string;
  doneLabel: string;
};

export function SocialLinks({ store, storeId, kiosk, intro, doneHref, doneLabel }: TSocialLinksProps) {
  const { t } = useT();
  // Counted through the outbox, so the click is not lost when the tab switches to the review site mid-request.
  const countClick = (network: string) =>
    void getOutbox().submit(
      'socialClick',
      { store: storeId, network, source: sourceOf(kiosk), deviceId: deviceId() },
      newKey(),
    );
  return (
    <Stack gap="4">
      <Text textAlign="center" fontSize="lg">
        {intro}
      </Text>
      {kiosk ? (
        <Text textAlign="center" color="fg.muted">
          {t('social.kiosk')}
        </Text>
      ) : null}
      {store.socialLinks.length === 0 ? <Text textAlign="center">{t('social.none')}</Text> : null}
      {kiosk ? (
        <Suspense fallback={<Spinner alignSelf="center" />}>
          <KioskQrCodes links={store.socialLinks} />
        </Suspense>
      ) : (
        store.socialLinks.map(({ network, url }) => (
          <Button key={network} asChild size="xl" minH="56px" variant="outline" bg="bg">
            <a href={url} target="_blank" rel="noopener noreferrer" onClick={() => countClick(network)}>
              {t(`network.${network}` as TMessageKey)}
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                {t('social.opensNewTab')}
              </span>
            </a>
          </Button>
        ))
      )}
      <Button asChild size="lg" variant="ghost">
        <RouterLink to={doneHref}>{doneLabel}</RouterLink>
      </Button>
    </Stack>
  );
}
