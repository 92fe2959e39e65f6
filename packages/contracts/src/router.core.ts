// The first half of the /api/v1 router: the product's original resources (see index.ts for why there are halves).
import { initContract } from '@ts-rest/core';
import { analyticsContract } from './analytics.contract';
import { auditContract } from './audit.contract';
import { anonymousContract } from './anonymous.contract';
import { feedbackContract } from './feedback.contract';
import { filesContract } from './files.contract';
import { healthContract } from './health.contract';
import { kiosksContract } from './kiosks.contract';
import { plansContract } from './plans.contract';
import { notificationsContract } from './notifications.contract';
import { ratingReviewContract } from './rating-review.contract';
import { rotaContract } from './rota.contract';
import { staffContract } from './staff.contract';
import { storesContract } from './stores.contract';
import { teamContract } from './team.contract';
import { usersContract } from './users.contract';
import { commonResponses } from './common';
import { API_PREFIX } from './customer.constants';

const c = initContract();

export const coreContract = c.router(
  {
    health: healthContract,
    analytics: analyticsContract,
    files: filesContract,
    feedback: feedbackContract,
    ratingReview: ratingReviewContract,
    stores: storesContract,
    staff: staffContract,
    rota: rotaContract,
    anonymous: anonymousContract,
    users: usersContract,
    plans: plansContract,
    notifications: notificationsContract,
    team: teamContract,
    audit: auditContract,
    kiosks: kiosksContract,
  },
  { pathPrefix: API_PREFIX, commonResponses, strictStatusCodes: true },
);

export type TCoreContract = typeof coreContract;
