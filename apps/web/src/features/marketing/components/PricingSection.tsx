// The home page's plans and what the price covers, read from GET /plans (the API's catalogue) with a plain fetch:
// the landing page loads no API layer, query library or zod (test/built-bundle.test.ts).
import { useEffect, useState } from 'react';
import type { TPlan } from '@cx/contracts';
import { env } from '@/config/env';
import { authDialog } from '@/lib/auth-dialog';

type TPricing = { plans: TPlan[]; trialDays: number };
type TPricingState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; pricing: TPricing };

function isPricing(body: unknown): body is TPricing {
  const value = body as Partial<TPricing> | null;
  return Boolean(value && Array.isArray(value.plans) && typeof value.trialDays === 'number');
}

function usePricing(): [TPricingState, () => void] {
  const [state, setState] = useState<TPricingState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${env.apiBaseUrl}/api/v1/plans`, { signal: controller.signal })
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        setState(isPricing(body) ? { status: 'ready', pricing: body } : { status: 'error' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt]);
  return [
    state,
    () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  ];
}

function PlanCard({ plan }: { plan: TPlan }) {
  return (
    <li className="home-plan">
      <h3 className="home-plan-name">{plan.name}</h3>
      <p className="home-plan-price">
        {plan.originalPrice ? (
          <s className="home-plan-was">
            <span className="pub-sr">was </span>
            {plan.originalPrice}
          </s>
        ) : null}
        <span className="home-plan-now">{plan.price}</span>
      </p>
      <p className="home-plan-renewal">{plan.renewal}</p>
      {plan.saving ? <p className="home-plan-saving">{plan.saving}</p> : null}
    </li>
  );
}

export function PricingSection() {
  const [state, retry] = usePricing();
  const features = state.status === 'ready' ? (state.pricing.plans[0]?.features ?? []) : [];
  return (
    <section aria-labelledby="pricing-title" className="home-pricing" id="pricing">
      <div className="pub-container">
        <h2 id="pricing-title" className="home-features-title">
          One price per business, every store included
        </h2>
        <p className="home-pricing-lead">
          You pay for your business, not per store or per member of staff: add every store you have, and every plan
          includes all of them.
        </p>
        {state.status === 'loading' ? (
          <p className="home-pricing-note" role="status">
            Loading prices…
          </p>
        ) : state.status === 'error' ? (
          <div className="home-pricing-note" role="alert">
            <p>The prices could not be loaded.</p>
            <button type="button" className="pub-btn pub-btn-solid" onClick={retry}>
              Try again
            </button>
          </div>
        ) : state.pricing.plans.length === 0 ? (
          <p className="home-pricing-note">No plans are on offer right now. Please contact us.</p>
        ) : (
          <>
            <ul className="home-plans" aria-label="Plans">
              {state.pricing.plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </ul>
            <div className="home-pricing-covers">
              <h3 className="home-feature-title">Every plan covers</h3>
              <ul className="home-pricing-list">
                <li>Every store of your business</li>
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <p className="home-pricing-trial">
                Start with a {state.pricing.trialDays}-day free trial. No card needed.
              </p>
              <button
                type="button"
                className="pub-btn pub-btn-lg pub-btn-solid"
                onClick={() => authDialog.open('signup')}
              >
                Start free trial
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
