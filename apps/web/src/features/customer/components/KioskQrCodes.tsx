// Kiosk-only: the store's review/social links as QR codes, so a shared tablet never opens a customer's own accounts.
import { QrCode, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TCustomerStore } from '@cx/contracts';
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';

export default function KioskQrCodes({ links }: { links: TCustomerStore['socialLinks'] }) {
  const { t } = useT();
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={2} gap="4">
      {links.map(({ network, url }) => {
        const label = t(`network.${network}` as TMessageKey);
        return (
          <Stack as="li" key={network} align="center" gap="2" bg="bg" borderRadius="lg" p="3">
            <QrCode.Root value={url} size="lg" role="img" aria-label={t('social.scanQr', { network: label })}>
              <QrCode.Frame>
                <QrCode.Pattern />
              </QrCode.Frame>
            </QrCode.Root>
            <Text fontWeight="semibold" textAlign="center">
              {label}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
