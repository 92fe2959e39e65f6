// The root /api/v1 router: every resource contract combined once, so no path string is written twice.
import { initContract } from '@ts-rest/core';
import { anonymousContract } from './anonymous.contract';
import { commonResponses } from './common';
import { feedbackContract } from './feedback.contract';
import { filesContract } from './files.contract';
import { healthContract } from './health.contract';
import { ratingReviewContract } from './rating-review.contract';
import { rotaContract } from './rota.contract';
import { staffContract } from './staff.contract';
import { storesContract } from './stores.contract';
import { usersContract } from './users.contract';

export * from './analytics.contract';
export * from './anonymous.contract';
export * from './common';
export * from './feedback.contract';
export * from './files.contract';
export * from './health.contract';
export * from './rating-review.contract';
export * from './rota.contract';
export * from './staff.contract';
export * from './stores.contract';
export * from './users.contract';

const c = initContract();

export const contract = c.router(
  {
    health: healthContract,
    files: filesContract,
    feedback: feedbackContract,
    ratingReview: ratingReviewContract,
    stores: storesContract,
    staff: staffContract,
    rota: rotaContract,
    anonymous: anonymousContract,
    users: usersContract,
  },
  { pathPrefix: '/api/v1', commonResponses, strictStatusCodes: true },
);

export type TContract = typeof contract;
