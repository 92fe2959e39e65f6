// The root /api/v1 router: every resource contract combined once, so no path string is written twice.
import { initContract } from '@ts-rest/core';
import { analyticsContract } from './analytics.contract';
import { auditContract } from './audit.contract';
import { anonymousContract } from './anonymous.contract';
import { commonResponses } from './common';
import { API_PREFIX } from './customer.constants';
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

export * from './access';
export * from './analytics.contract';
export * from './audit.contract';
export * from './anonymous.contract';
export * from './common';
export * from './feedback.contract';
export * from './files.contract';
export * from './health.contract';
export * from './kiosks.contract';
export * from './plans.contract';
export * from './notifications.contract';
export * from './rating-review.contract';
export * from './rota.contract';
export * from './staff.contract';
export * from './stores.contract';
export * from './team.contract';
export * from './users.contract';

const c = initContract();

export const contract = c.router(
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

export type TContract = typeof contract;
