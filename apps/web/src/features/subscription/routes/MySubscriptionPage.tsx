// /my-subscription: plan and status, trial or period end, past-due grace, tracked visits, plans, invoices, billing.
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MESSAGES, BILLING_MESSAGES, type TPlan } from '@cx/contracts';
import { LuCreditCard } from 'react-icons/lu';
import { AccessRefusal } from '@/components/AccessRefusal';
import { QueryStates } from '@/components/LoadState';
import { PageHeader } from '@/components/PageHeader';
import { PlanCards } from '@/components/PlanCards';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { apiErrorMessage, isForbiddenError, isNoBusinessError } from '@/lib/api-error';
import { usePlans } from '@/lib/plans-query';
import { useAccess } from '@/lib/role';
import { useMySubscription, useOpenPortal, useStartCheckout } from '../api/subscription';
import { InvoiceList } from '../components/InvoiceList';
import { SubscriptionSummary } from '../components/SubscriptionSummary';
import { VisitUsage } from '../components/VisitUsage';

export function MySubscriptionPage() {
  const access = useAccess();
  // Billing is the owner's (#21): other roles are told so plainly instead of meeting a failing page.
  const refused = access.role !== null && !access.can('billing:read');
  const subscription = useMySubscription(!refused);
  const plans = usePlans();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const s = subscription.data?.body;
  // A running paid subscription changes plan, card or cancels in Stripe's portal; everyone else chooses a plan here.
  const subscribed = Boolean(s && s.canManageBilling && ['active', 'past_due'].includes(s.status));

  const choose = (plan: TPlan) =>
    checkout.start(plan.id).catch((error: unknown) => toaster.error({ title: apiErrorMessage(error) }));
  const manage = () =>
    portal.open().catch((error: unknown) => toaster.error({ title: apiErrorMessage(error) }));

  return (
    <section aria-labelledby="page-title">
      <PageHeader
        title={paths.business.mySubscription.title}
        description="Your plan, renewal date, tracked visits and billing."
        actions={
          s?.canManageBilling ? (
            <Button variant="outline" onClick={manage} loading={portal.isPending}>
              <LuCreditCard aria-hidden /> Manage billing
            </Button>
          ) : null
        }
      />
      {refused || (isForbiddenError(subscription.error) && !isNoBusinessError(subscription.error)) ? (
        <AccessRefusal message={ACCESS_MESSAGES.billingOwnerOnly} />
      ) : (
        <QueryStates
          query={subscription}
          loading={{ label: 'Loading your subscription', rows: 3, height: '24' }}
          what="your subscription"
        >
          {() =>
            s ? (
              <Stack gap="6">
                {!s.hasAccess ? (
                  <Alert.Root status="warning" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{BILLING_MESSAGES.upgrade}</Alert.Title>
                  </Alert.Root>
                ) : null}
                <SubscriptionSummary subscription={s} />
                <VisitUsage usage={s.usage} />
                <Stack as="section" aria-labelledby="plans-title" gap="3">
                  <Heading as="h2" size="md" id="plans-title">
                    {subscribed ? 'Plans' : 'Choose a plan'}
                  </Heading>
                  {subscribed ? (
                    <Text color="fg.muted">To change plan or card, or to cancel, use Manage billing.</Text>
                  ) : null}
                  {s.testMode ? (
                    <Text color="fg.muted" fontSize="sm">
                      Test mode: checkout opens a local test page and no card is charged.
                    </Text>
                  ) : null}
                  <QueryStates
                    query={plans}
                    loading={{ label: 'Loading plans', rows: 2, height: '24' }}
                    what="the plans"
                  >
                    {() => (
                      <PlanCards
                        plans={plans.data?.body.plans ?? []}
                        currentPlan={subscribed ? (s.plan?.id ?? null) : null}
                        chooseRoute="plans.createCheckoutSession"
                        chooseLabel={subscribed ? undefined : (plan) => `Choose ${plan.name}`}
                        onChoose={subscribed ? undefined : choose}
                        busyPlan={checkout.isPending ? checkout.plan : null}
                      />
                    )}
                  </QueryStates>
                </Stack>
                <InvoiceList enabled={s.canManageBilling} />
              </Stack>
            ) : null
          }
        </QueryStates>
      )}
    </section>
  );
}
