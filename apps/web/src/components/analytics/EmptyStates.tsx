// The dashboard's empty states: no ratings in the chosen period (share the QR code), and an incomplete custom period.
import { Alert } from '@chakra-ui/react';
import { LuQrCode } from 'react-icons/lu';
import { EmptyList } from '@/components/LoadState';
import { paths } from '@/config/paths';

export function NoRatings({ description }: { description?: string }) {
  return (
    <EmptyList
      icon={<LuQrCode />}
      title="No ratings in this period"
      description={
        description ??
        'Share your QR code with customers (print it from Manage Stores) or choose a longer period.'
      }
      goTo={{ to: paths.business.manageStores.path, label: 'Get your QR codes' }}
    />
  );
}

/** Shown instead of figures while a custom range is incomplete or out of order (the filter bar says what to fix). */
export function InvalidPeriod() {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>Choose the first and last day of your custom period to see its figures.</Alert.Title>
    </Alert.Root>
  );
}
