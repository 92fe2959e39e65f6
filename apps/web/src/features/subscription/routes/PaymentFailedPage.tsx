// /payment-failed: Stripe Checkout's cancel URL. Nothing was charged; the way back is a plan choice on My Subscription.
import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';

export function PaymentFailedPage() {
  return (
    <section aria-labelledby="page-title">
      <PageHeader title={paths.business.paymentFailed.title} description="Your payment did not go through." />
      <Stack gap="4" align="flex-start">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No money was taken</Alert.Title>
            <Alert.Description>
              The payment was declined or canceled, so your plan has not changed. You can choose a plan and
              try again, with the same or another card.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack gap="2" wrap="wrap">
          <Button asChild colorPalette="brand">
            <Link to={paths.business.mySubscription.path}>Back to My Subscription</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.marketing.contactUs.path}>Contact us</Link>
          </Button>
        </HStack>
      </Stack>
    </section>
  );
}
