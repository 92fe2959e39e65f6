// The second half of the /api/v1 router: integrations, boards, scorecards, reports, comment themes.
import { initContract } from '@ts-rest/core';
import { commonResponses } from './common';
import { API_PREFIX } from './customer.constants';
import { boardsContract } from './boards.contract';
import { alertsContract } from './alerts.contract';
import { integrationsContract } from './integrations.contract';
import { themesContract } from './themes.contract';
import { scorecardsContract } from './scorecards.contract';
import { reportsContract } from './reports.contract';
import { areasContract } from './areas.contract';
import { targetsContract } from './targets.contract';
import { brandContract } from './brand.contract';
import { onboardingContract } from './onboarding.contract';
import { storeBulkContract } from './store-bulk.contract';
import { casesContract } from './cases.contract';
import { caseLoopContract } from './case-loop.contract';
import { privacyContract } from './privacy.contract';
import { feedbackChipsContract } from './feedback-chips.contract';

const c = initContract();

export const growthContract = c.router(
  {
    // Each new resource's contract goes here, under the same key as its router in the API's createApp().
    integrations: integrationsContract,
    themes: themesContract,
    boards: boardsContract,
    scorecards: scorecardsContract,
    reports: reportsContract,
    alerts: alertsContract,
    areas: areasContract,
    targets: targetsContract,
    brand: brandContract,
    onboarding: onboardingContract,
    storeBulk: storeBulkContract,
    cases: casesContract,
    caseLoop: caseLoopContract,
    privacy: privacyContract,
    feedbackChips: feedbackChipsContract,
  },
  { pathPrefix: API_PREFIX, commonResponses, strictStatusCodes: true },
);

export type TGrowthContract = typeof growthContract;
