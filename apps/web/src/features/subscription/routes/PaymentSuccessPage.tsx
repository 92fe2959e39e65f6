// /payment-success?session_id=…: confirms the payment with the server (which asks Stripe), then shows what is next.
import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useConfirmCheckout } from '../api/subscription';
import { formatDate, STATUS_LABELS } from '../components/format';

export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const confirm = useConfirmCheckout();
  const { mutate } = confirm;

  useEffect(() => {
    if (sessionId) mutate({ body: { sessionId } });
  }, [sessionId, mutate]);

  const result = confirm.data?.body;
  const retry = () => sessionId && mutate({ body: { sessionId } });

  return (
    <section aria-labelledby="page-title">
      <PageHeader title={paths.business.paymentSuccess.title} description="Thank you for subscribing." />
      {!sessionId ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            There is no payment to confirm here. Your plan is on My Subscription.
          </Alert.Description>
        </Alert.Root>
      ) : confirm.isError ? (
        <LoadError error={confirm.error} onRetry={retry} what="your payment" />
      ) : !result ? (
        <HStack role="status" gap="3">
          <Spinner size="sm" />
          <Text>Confirming your payment with Stripe…</Text>
        </HStack>
      ) : result.paid && result.subscription.hasAccess ? (
        <Stack gap="3" borderWidth="1px" borderRadius="xl" p="5" bg="bg" align="flex-start">
          <HStack color="green.700" gap="2">
            <LuCircleCheck aria-hidden />
            <Text fontWeight="semibold" data-testid="payment-result">
              Payment received: your {result.subscription.plan?.name ?? ''} plan is{' '}
              {STATUS_LABELS[result.subscription.status].label.toLowerCase()}.
            </Text>
          </HStack>
          {result.subscription.currentPeriodEnd ? (
            <Text>
              It renews on {formatDate(result.subscription.currentPeriodEnd)}. Your invoices are listed on
              My Subscription.
            </Text>
          ) : null}
          <Button asChild colorPalette="brand">
            <Link to={paths.business.dashboard.path}>Go to the dashboard</Link>
          </Button>
        </Stack>
      ) : (
        <Stack gap="3" align="flex-start">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>
              Stripe has not confirmed this payment yet. This usually takes a few seconds.
            </Alert.Description>
          </Alert.Root>
          <HStack gap="2">
            <Button onClick={retry} loading={confirm.isPending}>
              Check again
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.business.mySubscription.path}>My Subscription</Link>
            </Button>
          </HStack>
        </Stack>
      )}
    </section>
  );
}
