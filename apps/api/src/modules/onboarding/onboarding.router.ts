// /api/v1/onboarding handlers: identity in, the onboarding service, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { completeFirstRun, getOnboarding, setChecklistDismissed } from './onboarding.service';

const s = initServer();

export const onboardingRouter = s.router(contract.onboarding, {
  get: async ({ req }) => ({ status: 200, body: await getOnboarding(accessOf(req)) }),
  firstRun: async ({ req, body }) => ({ status: 200, body: await completeFirstRun(accessOf(req), body) }),
  dismiss: async ({ req, body }) => ({
    status: 200,
    body: await setChecklistDismissed(accessOf(req), body.dismissed),
  }),
});
