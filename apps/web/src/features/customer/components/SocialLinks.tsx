// The store's review and social links, offered to every customer whatever they rated; each click is counted.
import { Button, QrCode, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TCustomerStore } from '@cx/contracts';
import { Link as RouterLink } from 'react-router';
import { newKey, deviceId, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';

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
        // A shared tablet must not be left signed in to a customer's Google account: they scan with their own phone.
        <SimpleGrid as="ul" listStyleType="none" columns={2} gap="4">
          {store.socialLinks.map(({ network, url }) => (
            <Stack as="li" key={network} align="center" gap="2" bg="bg" borderRadius="lg" p="3">
              <QrCode.Root
                value={url}
                size="lg"
                role="img"
                aria-label={t('social.scanQr', { network: t(`network.${network}` as TMessageKey) })}
              >
                <QrCode.Frame>
                  <QrCode.Pattern />
                </QrCode.Frame>
              </QrCode.Root>
              <Text fontWeight="semibold" textAlign="center">
                {t(`network.${network}` as TMessageKey)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
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
